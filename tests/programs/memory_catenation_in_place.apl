⍝ A k-way catenation whose operands are all materialized and read by nothing else (three scans):
⍝ one allocation and no copies on the C and OpenMP paths (backend/memory/ShortCircuit.h): each
⍝ scan stores into its third of z. On OpenCL a catenation is one loop with a branch per operand,
⍝ which the pass does not take apart yet.
N ← 1000
a ← +\⍳N
b ← ⌈\1000|(⍳N)×7919
c ← ⌊\(7×⍳N)|1000
z ← a,b,c
⎕ ← +/z
⎕ ← z[1 1000 1001 2000 2001 3000]
⍝ == expected
⍝ 168166420
⍝ 1 500500 919 999 6 6
⍝ structure on c: exactly 0 "alloc int[1000]"
⍝ structure on omp: exactly 0 "alloc int[1000]"
⍝ structure on c: exactly 0 "in 1000..2000"
⍝ structure on omp: exactly 0 "in 1000..2000"
⍝ structure: exactly 1 "alloc int[3000]"
