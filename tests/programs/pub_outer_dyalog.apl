⍝ Source: Dyalog APL Language Reference, "Outer Product" (R←X∘.gY), Examples.
⍝ Changed: the examples with nested results (∘.⍴ and ∘.,) are left out.
1 2 3∘.×10 20 30 40
(⍳3)∘.=⍳3
⍝ == expected
⍝ 10 20 30  40
⍝ 20 40 60  80
⍝ 30 60 90 120
⍝ 1 0 0
⍝ 0 1 0
⍝ 0 0 1
