⍝ L⍳R for at most 8 items of R: on OpenCL each item's index is a reduction over L on the device
⍝ (laila/lower/LowerSystem.cpp, indexOfFewItems), not one runtime call on the host; 9 items take
⍝ the call (the structure line). Found and absent items, the first of repeated ones, empty L,
⍝ 0 and ¯0, characters, booleans, L longer than a block of 1024 items.
a ← 3 1 4 1 5 9 2 6 5 3 5
⎕ ← a⍳5
⎕ ← a⍳7
⎕ ← a⍳1 9 6 0 3 5 2 4
⎕ ← (⍬⍳3)
⎕ ← (0.5×¯2+⍳2000)⍳0 ¯0 0.5 999.5 1000
⎕ ← (2000⍴'abc')⍳'cz'
⎕ ← (1000⍴1 0 0)⍳0
⎕ ← (⍳3000)⍳¯1+1 2 3 2999 3000 3001 3002 3003 3004
b ← 1⌽⍳2500
⎕ ← b⍳2500
⍝ == expected
⍝ 5
⍝ 12
⍝ 2 6 8 12 1 5 7 3
⍝ 1
⍝ 2 2 3 2001 2001
⍝ 3 2001
⍝ 2
⍝ 3001 1 2 2998 2999 3000 3001 3001 3001
⍝ 2499
⍝ structure on opencl: exactly 1 "aplc_gen_index_of"
