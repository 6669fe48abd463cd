⍝ An element-wise result written over an operand that dies with its loop, and memory freed after
⍝ its last use (laila/passes/InPlaceUpdates.h, EarlyFrees.h): streak's scans. `run` is computed
⍝ from `count` and the max-scan, neither of which is read afterwards, so the program holds two
⍝ arrays of N-1 integers at its peak, not three (3×79992 bytes would exceed the limit below).
N ← 10000
v ← 524288|(69069×⍳N)+⌊(⍳N)÷1000
rises ← (1↓v)>¯1↓v
count ← +\rises
run ← count-⌈\count×~rises
best ← ⌈/run
⎕ ← best, (+/rises), 1+(run⍳best)-best
⍝ A chain: each array is computed from the last and read once more afterwards, so each must be
⍝ kept until the next is made (and the last is printed whole).
a ← +\(⍳N)÷4
b ← a-⌊\a
c ← b+a
⎕ ← (+/c), c[1 2 N]
⍝ == expected
⍝ 7 8682 8
⍝ 8.33583325E10 0.25 1.25 25002499.75
⍝ peak bytes: at most 200000
⍝ structure: at most 3 live
