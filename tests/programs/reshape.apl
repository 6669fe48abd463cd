⍝ Reshape cycles its argument; the shape of the result.
2 3⍴⍳4
⍴2 3⍴1
5⍴1 2
⍴⍴2 3 4⍴0
3⍴⍬
⍝ == expected
⍝ 1 2 3
⍝ 4 1 2
⍝ 2 3
⍝ 1 2 1 2 1
⍝ 3
⍝ 0 0 0
