⍝ L⍳R on the CPU targets builds a hash table of L once and looks each item of R up where the
⍝ result is read (Target::looksUpInLoops): R is computed item by item and never stored, nor is
⍝ the result (the indexof benchmark: memory down from 1.28× the C's to 0.94×). Beside it, the
⍝ cases the table must get right: an empty L or R, -0 and 0, booleans and characters (one call
⍝ for the whole result), a few items (scanned, no table), index-of inside each and ⍣.
N ← 1000
L ← (2×N)|7919×⍳N
R ← (2×N)|(104729×⍳N)+⌊N÷3
idx ← L⍳R
⎕ ← (+/idx≤N), +/idx
⎕ ← (⍳0)⍳1 2 3
⎕ ← ⍴ 1 2 3⍳⍳0
⎕ ← (0.5 ¯0 2 0.5)⍳0 2 0.5 1 0 0 0 0 0 0.5
⎕ ← (⍳20)⍳(⍳30)-5
⎕ ← 1 0 1⍳0 1 1 1 1 1 1 1 1 1
⎕ ← 'abcab'⍳'cabbbbbbbbbz'
x ← 3 1 4 1 5 9 2 6 5 3 5
⎕ ← x⍳x
⎕ ← x⍳9 2
⎕ ← {+/(⍳⍵)⍳(⌽⍳⍵+3)}¨⍳12
⎕ ← ({⍵⍳⌽⍵}⍣3) 5 3 9 1 2 8 7 6 4 0 11
⍝ == expected
⍝ 544 733817
⍝ 1 1 1
⍝ 0
⍝ 2 3 1 5 2 2 2 2 2 1
⍝ 21 21 21 21 21 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 21 21 21 21
⍝ 2 1 1 1 1 1 1 1 1 1
⍝ 3 1 2 2 2 2 2 2 2 2 2 6
⍝ 1 2 3 2 5 6 7 8 5 1 5
⍝ 6 7
⍝ 7 12 18 25 33 42 52 63 75 88 102 117
⍝ 11 10 9 8 7 6 5 4 3 2 1
⍝ structure on c: exactly 1 "alloc int[1000]"
⍝ structure on omp: exactly 1 "alloc int[1000]"
