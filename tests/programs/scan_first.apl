⍝ Scan along the first axis.
+⍀3 2⍴⍳6
⍝ == expected
⍝ 1  2
⍝ 4  6
⍝ 9 12
