⍝ Reductions streamed into the loop that produces their items (laila/passes/StreamReductions.h,
⍝ docs/memory.md): a per-point power whose third plane counts the steps each point spends
⍝ escaped, as in benchmarks/mandelbrot. The counts are whole numbers (0.0, then plus 0.0 or 1.0
⍝ at each step), so their double sum is exact in any order (laila/analysis/WholeNumbers.h). On
⍝ the CPU targets the sum and the count of zeros are added up as each point's count is stored,
⍝ and the count plane is never allocated (on OpenMP each row of points keeps its partial sums);
⍝ OpenCL, where a work item computes one point, keeps it.
W ← 24
H ← 5
cx ← 1 H W ⍴ ¯2 + 0.11 × ⍳W
cy ← 1 H W ⍴ ⍉ W H ⍴ ¯1 + 0.4 × ⍳H
step ← {
  zx ← 1↑⍵
  zy ← 1↑1↓⍵
  count ← 2↓⍵
  zzx ← cx + (zx × zx) - zy × zy
  zzy ← cy + (zx × zy) + zx × zy
  inside ← 4 > (zzx × zzx) + zzy × zzy
  ((inside × zzx) + (1 - inside) × zx) ⍪ ((inside × zzy) + (1 - inside) × zy) ⍪ count + 1 - inside
}
counts ← 2↓(step ⍣ 30) 3 H W ⍴ 0
⎕ ← (+/,counts), +/,0=counts
⍝ == expected
⍝ 2043 40
⍝ structure on c: exactly 0 "alloc double[120]"
⍝ structure on omp: exactly 0 "alloc double[120]"
⍝ structure on omp: exactly 1 "alloc double[5]"
⍝ structure on opencl: exactly 1 "alloc double[120]"
