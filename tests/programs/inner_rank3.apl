⍝ Inner product of a rank-3 array with a matrix.
(2 2 2⍴⍳8)+.×2 2⍴1 0 0 1
(2 2 2⍴⍳8)+.×2 2⍴0 1 1 0
⍝ == expected
⍝ 1 2
⍝ 3 4
⍝
⍝ 5 6
⍝ 7 8
⍝ 2 1
⍝ 4 3
⍝
⍝ 6 5
⍝ 8 7
