⍝ Each, monadic and dyadic, on vectors and matrices.
{⍵×2}¨1 2 3
1 2 3{⍺×⍵}¨4 5 6
{⍵*2}¨2 2⍴⍳4
10{⍺+⍵}¨1 2
⍝ == expected
⍝ 2 4 6
⍝ 4 10 18
⍝ 1  4
⍝ 9 16
⍝ 11 12
