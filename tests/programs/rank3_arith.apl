⍝ Element-wise arithmetic on rank-3 arrays.
a←2 2 2⍴⍳8
a×2
a+a
⍝ == expected
⍝  2  4
⍝  6  8
⍝
⍝ 10 12
⍝ 14 16
⍝  2  4
⍝  6  8
⍝
⍝ 10 12
⍝ 14 16
