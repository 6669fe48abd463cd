⍝ Ravel of a matrix, a scalar, a rank-3 array.
,2 2⍴⍳4
,5
⍴,2 3 4⍴0
⍝ == expected
⍝ 1 2 3 4
⍝ 5
⍝ 24
