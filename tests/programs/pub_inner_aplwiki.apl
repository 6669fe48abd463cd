⍝ Source: APL Wiki, "Inner Product" (https://aplwiki.com/wiki/Inner_Product), Examples:
⍝ "x+.×y ⍝ matrix multiplication" with x←1 2 3 and y←4 5 6. Unchanged (the nested
⍝ visualisations are left out).
x ← 1 2 3
y ← 4 5 6
x+.×y
⍝ == expected
⍝ 32
