⍝ Inner products: vectors, matrices, mixed ranks, boolean and max-plus.
1 2 3+.×4 5 6
(2 2⍴1 2 3 4)+.×2 2⍴5 6 7 8
(2 3⍴⍳6)+.×3⍴1
1 2∧.=1 2
(2 2⍴1 2 3 4)⌈.+2 2⍴1 1 1 1
10 20+.×2 2⍴1 2 3 4
⍝ == expected
⍝ 32
⍝ 19 22
⍝ 43 50
⍝ 6 15
⍝ 1
⍝ 3 3
⍝ 5 5
⍝ 70 100
