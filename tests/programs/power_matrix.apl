⍝ Power iterating a rotation of a matrix.
({1⌽⍵}⍣2)2 3⍴⍳6
({⊖⍉⍵}⍣4)2 2⍴⍳4
⍝ == expected
⍝ 3 1 2
⍝ 6 4 5
⍝ 1 2
⍝ 3 4
