⍝ An element's errors come after those of the elements before it: the interpreter computes an
⍝ each's elements in order, so the first failing element's error is reported, whatever order
⍝ the reader takes (a right fold reads from the last, ⌽ reverses; LowerFold.cpp, each).
⍝ Compiled, the elements 15 and 9 fail with different errors and the fold reaches 15 first.
f←{⍵=15:⍵÷0 ⋄ ⍵=9:(⍳3)[⍵] ⋄ ⍵}
+/f¨⍳8
⌽f¨⍳8
-/f¨⍳20
⍝ == expected
⍝ 36
⍝ 8 7 6 5 4 3 2 1
⍝ error: INDEX ERROR
