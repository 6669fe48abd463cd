⍝ Reverse, rotate, take and transpose on a rank-3 array.
a←2 2 3⍴⍳12
⌽a
⊖a
1↑a
⍉a
⍝ == expected
⍝  3  2  1
⍝  6  5  4
⍝
⍝  9  8  7
⍝ 12 11 10
⍝  7  8  9
⍝ 10 11 12
⍝
⍝  1  2  3
⍝  4  5  6
⍝ 1 2 3
⍝ 4 5 6
⍝ 1  7
⍝ 4 10
⍝
⍝ 2  8
⍝ 5 11
⍝
⍝ 3  9
⍝ 6 12
