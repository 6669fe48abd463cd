⍝ Indexed assignment of scalars and of a vector of positions.
v←⍳5
v[2]←20
v
m←2 2⍴0
m[1;2]←5
m
v[1 5]←7 8
v
v[2 3]←0
v
⍝ == expected
⍝ 1 20 3 4 5
⍝ 0 5
⍝ 0 0
⍝ 7 20 3 4 8
⍝ 7 0 0 4 8
