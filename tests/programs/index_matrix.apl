⍝ Indexing a matrix: scalars, vectors, elided axes.
m←3 4⍴⍳12
m[2;3]
m[2;]
m[;2]
m[1 3;2 4]
m[3 1;]
⍝ == expected
⍝ 7
⍝ 5 6 7 8
⍝ 2 6 10
⍝  2  4
⍝ 10 12
⍝ 9 10 11 12
⍝ 1  2  3  4
