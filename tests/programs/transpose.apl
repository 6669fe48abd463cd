⍝ Monadic transpose of a matrix and of a vector.
⍉2 3⍴⍳6
⍉1 2 3
⍴⍉2 3 4⍴⍳24
⍝ == expected
⍝ 1 4
⍝ 2 5
⍝ 3 6
⍝ 1 2 3
⍝ 4 3 2
