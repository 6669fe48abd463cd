⍝ Negative take, drop and rotate on matrices.
m←4 3⍴⍳12
¯1↑m
¯3↓m
¯1⌽m
¯1⊖m
⍝ == expected
⍝ 10 11 12
⍝ 1 2 3
⍝  3  1  2
⍝  6  4  5
⍝  9  7  8
⍝ 12 10 11
⍝ 10 11 12
⍝  1  2  3
⍝  4  5  6
⍝  7  8  9
