⍝ Primes below 30 by the outer-product residue table.
A←1↓⍳30
(1=+⌿0=A∘.|A)/A
⍝ == expected
⍝ 2 3 5 7 11 13 17 19 23 29
