⍝ Benchmark (small size): Matrix multiply: the inner product A+.×B of two N×N matrices of doubles.
⍝ Co-dfns-benchmarks' innerproduct (its "Matrix Matrix" case, `⍺+.×⍵` on 2*6..2*13 square
⍝ matrices of 0.01×?100) and apltail's matmul2.apl; here the matrices are generated
⍝ (deterministic patterns of the same values, 0.01 to 1).
⍝ Prints the sum of the product's items and its first and last items.
⍝ Sizes: N=64 (test), N=1000 (about Co-dfns's 2*10).
N ← 64
A ← 0.01×1+100|(⍳N)∘.+7×⍳N
B ← 0.01×1+100|(3×⍳N)∘.+⍳N
C ← A+.×B
⎕ ← (+/,C), C[1;1], C[N;N]
⍝ == expected
⍝ 68169.2944 15.1096 16.444
