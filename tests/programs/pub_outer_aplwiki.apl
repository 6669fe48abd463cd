⍝ Source: APL Wiki, "Outer Product" (https://aplwiki.com/wiki/Outer_Product), Examples and
⍝ Applications. Changed: the nested visualisation x∘.,y is left out; the table is printed in
⍝ Dyalog's display (right-aligned columns); primes 20 prints all eight primes below 20.
x ← 1 2 3
y ← 4 5 6
x ∘.× y
x ← 1 2 3 2
matrix ← x∘.=x
count ← +/matrix
matrix
count
indices ← count ≥ 2
indices
duplicated ← ∪ indices/x
duplicated
∪((+/x∘.=x)≥2)/x
primes ← {x←1↓⍳⍵ ⋄ (2>+⌿0=x∘.|x)/x}
primes 10
primes 20
⍝ == expected
⍝  4  5  6
⍝  8 10 12
⍝ 12 15 18
⍝ 1 0 0 0
⍝ 0 1 0 1
⍝ 0 0 1 0
⍝ 0 1 0 1
⍝ 1 2 1 2
⍝ 0 1 0 1
⍝ 2
⍝ 2
⍝ 2 3 5 7
⍝ 2 3 5 7 11 13 17 19
