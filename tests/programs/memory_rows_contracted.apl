⍝ Row-by-row producers and consumers (docs/memory.md): the squared distances d of N points to
⍝ K centres, each row's minimum and the ∧-scan of where d differs from it are computed and read
⍝ one row at a time (k-means's nearest centre). Vertical fusion runs the three row loops as one
⍝ (laila/passes/FuseLoops.h) and array contraction keeps one row of d per iteration, as a small
⍝ automatic array, and the minima and scans as scalars (laila/passes/ContractArrays.h): no N×K
⍝ array is allocated on the CPU targets. Ties take the first minimum.
N ← 50
K ← 4
p ← N 3 ⍴ 7 | (⍳N×3) × 5
c ← K 3 ⍴ 0 2 4 6 1 3 5 0 2 6 6 6
d ← p +.{(⍺-⍵)×⍺-⍵} ⍉ c
nearest ← 1 + +/ ∧\ d ≠ (⌊/d) ∘.+ K⍴0
⎕ ← +⌿ nearest ∘.= ⍳K
⍝ == expected
⍝ 28 15 7 0
⍝ structure: at most 2 live
⍝ structure: exactly 0 "alloc int[200]"
⍝ structure: exactly 0 "alloc bool["
