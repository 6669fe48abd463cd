⍝ Two errors compete in the arguments of an inner product (found by tests/fuzz, seed 310323):
⍝ the interpreter evaluates the right argument first, so its INDEX ERROR (col 65) comes before
⍝ the left argument's (col 10), which compiled code checks while the right one is still lazy.
(⌽(((0⍴⍬)[2 2])!({(⊃,⍵)=0:1⌽⍵ ⋄ ⌽⍵}¨1)))×.+((1 1↓(1 5⍴¯9 6 1 9))[1⍴1;1 1 4 4])
⍝ == expected
⍝ error: 4:65: INDEX ERROR
