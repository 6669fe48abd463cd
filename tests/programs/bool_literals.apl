⍝ A vector literal of zeros and ones is boolean, as in Dyalog: a 100×100 life board built from one
⍝ and carried through ⍣ takes a byte a cell (two boards and a few rows: under 24 KB, where
⍝ integer boards took 160 KB). Beside integers such a literal is an integer: ∧ and ∨ are LCM and
⍝ GCD there, and it serves as shapes, counts, axes and indices.
life ← {r ← (¯1⌽⍵) + ⍵ + 1⌽⍵ ⋄ n ← (¯1⊖r) + r + 1⊖r ⋄ (n=3) ∨ (n=4) ∧ ⍵}
board ← 100 100 ⍴ 1 1 1 0 0 1 0 1 0 0 0
final ← (life ⍣ 50) board
⎕ ← +/ , final
⎕ ← 1 0 1 ∨ 2 4 6
⎕ ← 1 0 1 ∧ 2 4 6
⎕ ← 1 0 1 ∘.∨ 2 4
⎕ ← 1 0 1 ∨.∧ 2 4 6
⎕ ← 1 0 {⍺∨⍵} 2 4
⎕ ← (1 0 1 = 1 1 1) ∧ 2 | 3 4 5
⎕ ← 1 1 ⍴ 5
⎕ ← 0 1 ↓ 2 3 ⍴ ⍳6
⎕ ← 1 0 ⌽ 2 2 ⍴ ⍳4
⎕ ← 1 0 1 / 4 5 6
⎕ ← +/ 1 1 0 1
⎕ ← -1 0 1
⎕ ← 1 0 1 × 2.5
⎕ ← 1 0 ⊤ 3
⎕ ← (4 5 6)[1 1]
v ← 1 0 1
v[2] ← 7
⎕ ← v
⎕ ← 1 0 1 , 2.5
⎕ ← ({⍵+1}⍣2) 0 1
⍝ == expected
⍝ 572
⍝ 1 4 1
⍝ 2 0 6
⍝ 1 1
⍝ 2 4
⍝ 1 1
⍝ 2
⍝ 1 4
⍝ 1 0 1
⍝ 5
⍝ 2 3
⍝ 5 6
⍝ 2 1
⍝ 3 4
⍝ 4 6
⍝ 3
⍝ ¯1 0 ¯1
⍝ 2.5 0 2.5
⍝ 0 3
⍝ 4 4
⍝ 1 7 1
⍝ 1 0 1 2.5
⍝ 2 3
⍝ peak bytes: at most 24576
