⍝ Source: APLX Help, "∘. Outer Product" (MicroAPL): the multiplication and binomial tables.
⍝ Changed: the tables are printed in Dyalog's display (right-aligned columns); the
⍝ examples with nested results (∘., and ∘.↑) are left out.
X ← 2 3 4
Y ← 1 2 3 4
X ∘.× Y
0 1 2 3 4 ∘.! 0 1 2 3 4
⍝ == expected
⍝ 2 4  6  8
⍝ 3 6  9 12
⍝ 4 8 12 16
⍝ 1 1 1 1 1
⍝ 0 1 2 3 4
⍝ 0 0 1 3 6
⍝ 0 0 0 1 4
⍝ 0 0 0 0 1
