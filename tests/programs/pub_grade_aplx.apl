⍝ Source: APLX Help, "⍋ Grade up" (MicroAPL, https://microapl.com/apl_help/ch_020_020_630.htm),
⍝ one-argument form. Changed: the matrices TABLE and TAB and the 3-plane ARRAY are built with
⍝ ⍴ from the values the page shows; the planes are printed in Dyalog's display (every column
⍝ as wide as its widest item, over all planes).
⍋13 8 122 4
(13 8 122 4)[4 2 1 3]
⍋'ZAMBIA'
'ZAMBIA'[⍋'ZAMBIA']
TABLE←3 3⍴'BOBALFZAK'
⍋TABLE
TAB←3 3⍴4 5 6 1 1 3 1 1 2
⍋TAB
TAB[⍋TAB;]
ARRAY←3 2 3⍴2 3 4 0 1 0 1 1 3 4 5 6 1 1 2 10 11 12
ARRAY[⍋ARRAY;;]
⍝ == expected
⍝ 4 2 1 3
⍝ 4 8 13 122
⍝ 2 6 4 5 3 1
⍝ AABIMZ
⍝ 2 1 3
⍝ 3 2 1
⍝ 1 1 2
⍝ 1 1 3
⍝ 4 5 6
⍝  1  1  2
⍝ 10 11 12
⍝
⍝  1  1  3
⍝  4  5  6
⍝
⍝  2  3  4
⍝  0  1  0
