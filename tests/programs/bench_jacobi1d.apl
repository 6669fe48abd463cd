⍝ Benchmark (small size): Jacobi 1-D: T sweeps of the 3-point stencil a[i] ← 0.33333×(a[i-1]+a[i]+a[i+1]) over the
⍝ interior of a vector of N doubles, the two end points fixed, each sweep reading only the
⍝ previous one (a Jacobi iteration, not Gauss-Seidel). Ours, following PolyBench's jacobi-1d
⍝ (its constant 0.33333 and start values (i+1)÷N; PolyBench alternates two arrays, here one
⍝ array with fixed ends is swept T times).
⍝ Prints the sum of the items, and the items at N÷3 and N÷2.
⍝ Sizes: N=1000 T=20 (test), N=1000000 T=200.
N ← 1000
T ← 20
a0 ← ((⍳N)+1)÷N
sweep ← {(1↑⍵),(0.33333×(¯2↓⍵)+(1↓¯1↓⍵)+2↓⍵),¯1↑⍵}
a ← (sweep ⍣ T) a0
⎕ ← (+/a), a[⌈N÷3], a[⌈N÷2]
⍝ == expected
⍝ 501.400203 0.3349330064 0.5008998095
