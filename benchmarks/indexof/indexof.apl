⍝ Index-of: L⍳R on two integer vectors of N items, every item of R looked up in L.
⍝ Co-dfns-benchmarks' indexof (`⍺⍳⍵` on random vectors of 2*11..2*20 items, values below 2*19);
⍝ here the vectors are generated (no ?): L holds N distinct values below 2×N in a scrambled
⍝ order and R's items are spread over the same range, so about half of them are found.
⍝ Prints how many items of R are found and the sum of the indices (N+1 for one not found).
⍝ Sizes: N=1024 (test), N=32768 (Co-dfns's 2*15 × 2*15 case).
N ← 1024

L ← (2×N)|7919×⍳N                     ⍝ distinct: the prime 7919 is coprime to 2×N
R ← (2×N)|(104729×⍳N)+⌊N÷3
idx ← L⍳R
⎕ ← (+/idx≤N), +/idx
