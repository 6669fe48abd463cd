⍝ Indexing a vector by a scalar, a vector and a matrix of indices.
v←10 20 30 40
v[2]
v[4 1]
v[2 2⍴1 2 3 4]
'abcdef'[3 2 1]
⍝ == expected
⍝ 20
⍝ 40 10
⍝ 10 20
⍝ 30 40
⍝ cba
