⍝ Compress along the first axis (⌿).
1 0 1⌿3 2⍴⍳6
2 1⌿2 2⍴⍳4
⍝ == expected
⍝ 1 2
⍝ 5 6
⍝ 1 2
⍝ 1 2
⍝ 3 4
