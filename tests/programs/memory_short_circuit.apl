⍝ Short-circuiting (backend/memory/ShortCircuit.h): a catenation's operand that is materialized
⍝ only to be copied into the result is built in its segment of it. b, a scan, is built in z's
⍝ middle third, and z's copy of it goes; c, sums of rows, is computed where the copy reads it.
⍝ a is not: y's copy reads it later. p, a power loop's result, stays in the two blocks the loop
⍝ swaps and is copied. On the C path the program holds three blocks at its peak, a, z and the
⍝ result of an index (32 KB), where it held four, b too (40 KB). On the OpenCL path a
⍝ catenation is one loop over the result with a branch per operand, not a copy loop per
⍝ operand, so nothing is built in place there yet.
N ← 1000
a ← +\⍳N
b ← ⌈\1000|(⍳N)×7919
c ← +/(N,3)⍴⍳3×N
z ← a,b,c
⎕ ← +/z
⎕ ← z[1 2 1000 1001 2000 2001 3000]
p ← {1⌽⍵+1}⍣3 ⊢ ⍳N
y ← a,p
⎕ ← +/y
⎕ ← y[1 1000 1001 2000]
⍝ == expected
⍝ 172661920
⍝ 1 3 500500 919 999 6 8997
⍝ 167670500
⍝ 1 500500 7 6
⍝ structure: exactly 1 "alloc int[3000]"
⍝ structure on c: exactly 3 "alloc int[1000]"
⍝ structure on omp: exactly 3 "alloc int[1000]"
⍝ structure on c: at most 3 live
