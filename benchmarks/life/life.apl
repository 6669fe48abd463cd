⍝ Game of life: N generations of Conway's Game of Life on an M×M torus, without nested arrays
⍝ (apltail's life.apl/life2.apl, by Martin Elsman). The board is life2.apl's 40×40 board
⍝ (a glider, squared twice), reshaped to M×M. Prints the number of live cells and the sum of
⍝ their row+column indices.
⍝ Sizes: N=20000 on 40×40 (thesis Table 3.1), N=100 on 1200×1200 (Table 3.6).
N ← 100
M ← 40

life ← {
  rowsum ← {
    (¯1⌽⍵) + ⍵ + 1⌽⍵
  }
  neighbor ← {
    (rowsum ¯1⊖⍵) + (rowsum ⍵) + rowsum 1⊖⍵
  }
  n ← neighbor ⍵
  (n=3) ∨ (n=4) ∧ ⍵
}

glider ← 3 3⍴1 1 1 1 0 0 0 1 0
board ← ⍉ ¯10 ↑ ⍉ ¯10 ↑ glider
square ← { x ← (5 ⊖ ⍵), 3 ⌽ ⍉ ⍵ ⋄ x ⍪ 4 ⊖ x }
board ← M M ⍴ , square square board

final ← (life ⍣ N) board
⎕ ← (+/,final), +/,final×(⍳M)∘.+⍳M
