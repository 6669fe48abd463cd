⍝ Rotation by an array of counts: one count per row for ⌽, one per column for ⊖.
m ← 3 4 ⍴ ⍳ 12
1 2 3 ⌽ m
¯1 0 1 ⌽ m
1 0 2 1 ⊖ m
c ← 2 3 ⍴ 'abcdef'
1 2 ⌽ c
a ← 2 2 3 ⍴ ⍳ 12
(2 2 ⍴ 0 1 2 3) ⌽ a
1 2 ⌽ m
⍝ == expected
⍝  2 3  4  1
⍝  7 8  5  6
⍝ 12 9 10 11
⍝  4  1  2 3
⍝  5  6  7 8
⍝ 10 11 12 9
⍝ 5  2 11  8
⍝ 9  6  3 12
⍝ 1 10  7  4
⍝ bca
⍝ fde
⍝  1  2  3
⍝  5  6  4
⍝
⍝  9  7  8
⍝ 10 11 12
⍝ error: LENGTH ERROR
