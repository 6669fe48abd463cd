⍝ Reduction of a rank-3 array along its last axis.
+/2 2 2⍴⍳8
∧/2 2 2⍴1 1 1 0 0 0 1 1
⍝ == expected
⍝  3  7
⍝ 11 15
⍝ 1 0
⍝ 0 1
