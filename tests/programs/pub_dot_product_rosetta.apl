⍝ Source: Rosetta Code, "Dot product" (https://rosettacode.org/wiki/Dot_product): the dot product
⍝ of [1, 3, -5] and [4, -2, -1], stated as 3 by every solution shown. APL: the inner product +.×.
1 3 ¯5+.×4 ¯2 ¯1
dot←+.×
1 3 ¯5 dot 4 ¯2 ¯1
⍝ == expected
⍝ 3
⍝ 3
