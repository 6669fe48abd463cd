⍝ Dyadic transpose with axes computed at run time (2 3 1 and 1 3 2): old axis k becomes new axis p[k].
p←1+3|⍳+/1 1 1
⍴p⍉2 3 4⍴⍳24
p⍉2 3 4⍴⍳24
(⌽p)⍉2 3 4⍴⍳24
⍝ == expected
⍝ 4 2 3
⍝  1  5  9
⍝ 13 17 21
⍝
⍝  2  6 10
⍝ 14 18 22
⍝
⍝  3  7 11
⍝ 15 19 23
⍝
⍝  4  8 12
⍝ 16 20 24
⍝  1  5  9
⍝  2  6 10
⍝  3  7 11
⍝  4  8 12
⍝
⍝ 13 17 21
⍝ 14 18 22
⍝ 15 19 23
⍝ 16 20 24
