⍝ Reduction along the first axis.
+⌿2 3⍴⍳6
+⌿2 2 2⍴⍳8
×⌿1 2 3
⍝ == expected
⍝ 5 7 9
⍝  6  8
⍝ 10 12
⍝ 6
