⍝ Reductions right to left, along the last axis.
+/1 2 3
×/1 2 3 4
-/1 2 3
÷/2 4 8
+/2 3⍴⍳6
⌈/2 3⍴3 1 4 1 5 9
+/5
⍝ == expected
⍝ 6
⍝ 24
⍝ 2
⍝ 4
⍝ 6 15
⍝ 4 9
⍝ 5
