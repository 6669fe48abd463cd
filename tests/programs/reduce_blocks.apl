⍝ Sums and products of doubles along axes of more than 1024 items fold in blocks of 1024
⍝ (docs/semantics.md, "reduce"): every path computes the same bits. The differences between two
⍝ orders of one sum show the last bits of each, so a path that summed otherwise would print
⍝ other numbers.
v ← ÷⍳100000
⎕ ← 1E15 × (+/v) - +/⌽v
⎕ ← 1E15 × (+/v) - 12.090146129863428   ⍝ the right fold of all items would print ¯19.53992523
⎕ ← 1E15 × (+/v[⍳1024]) - +/⌽v[⍳1024]
m ← 3 2000 ⍴ v
⎕ ← 1E15 × (+/m) - +/⌽m
⎕ ← 1E15 × (+⌿⍉m) - +/m
⎕ ← 1E15 × (×/1+v÷1E6) - ×/⌽1+v÷1E6
⎕ ← +/⍬
⎕ ← +/2000⍴0.1
⍝ Inside a parallel loop (a dfn applied to each item) the blocks fold in sequence: the same bits.
f ← {+/÷⍳⍵}
⎕ ← 1E15 × (f¨2000 3000) - 8.178368103610277 8.583749889959183   ⍝ the plain folds: ¯0.89 and 1.78
⍝ Integer sums are exact in any order (a DOMAIN ERROR only when the exact sum does not fit).
⎕ ← +/(3000⍴1 ¯1)×4611686018427387904
⍝ == expected
⍝ ¯8.881784197
⍝ ¯5.329070518
⍝ ¯3.552713679
⍝ ¯5.329070518 0 ¯0.4440892099
⍝ 0 0 0
⍝ 25.53512957
⍝ 0
⍝ 200
⍝ 0 0
⍝ 0
