⍝ On the sequential C target a loop that only adds up values it computes from its index runs in
⍝ the loop that computes the same values, even across the checks between them
⍝ (fuseLoopsInOrder): streak's +/rises comes after run⍳best and its checks, which read the
⍝ scans' results, and is one pass with the scans; rises (two divisions per item) is computed
⍝ once per item, where two loops computed it twice.
N ← 1000
v ← 524288|(69069×⍳N)+⌊(⍳N)÷1000
rises ← (1↓v)>¯1↓v
count ← +\rises
run ← count-⌈\count×~rises
best ← ⌈/run
⎕ ← best, (+/rises), 1+(run⍳best)-best
⍝ == expected
⍝ 7 868 8
⍝ structure on c: exactly 2 "aplc_op_udiv("
