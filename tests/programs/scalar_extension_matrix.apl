⍝ A scalar extends to a matrix on either side.
m←2 2⍴⍳4
m+10
100×m
m-m
⍝ == expected
⍝ 11 12
⍝ 13 14
⍝ 100 200
⍝ 300 400
⍝ 0 0
⍝ 0 0
