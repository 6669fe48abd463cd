⍝ Outer products of vectors, and of a vector with a matrix (rank 3).
1 2 3∘.×1 2
(⍳3)∘.=⍳3
1 2∘.+2 2⍴10 20 30 40
⍝ == expected
⍝ 1 2
⍝ 2 4
⍝ 3 6
⍝ 1 0 0
⍝ 0 1 0
⍝ 0 0 1
⍝ 11 21
⍝ 31 41
⍝
⍝ 12 22
⍝ 32 42
