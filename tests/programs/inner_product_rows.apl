⍝ A+.×B on doubles walks B row by row (laila/passes/InterchangeLoops.h) on the CPU targets, with
⍝ each sum's terms still added in the interpreter's order: the last term first. A row's terms
⍝ 1, 1E16, ¯1E16, 0, … sum to 1 in that order and to 0 from the first; every path must print 1.
K ← 20
A ← 2 K ↑ 2 3 ⍴ 1 1E16 ¯1E16 1E16 ¯1E16 1
B ← 1⌊1+100|(3×⍳K)∘.+⍳16
⎕ ← A+.×B
⎕ ← A+.×B×K 16⍴⌽⍳16
C ← (⍳4) ∘.+ 0.5×⍳K
D ← 0.01×1+100|(3×⍳K)∘.+⍳16
⎕ ← C+.×D
⍝ == expected
⍝ 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1
⍝ 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
⍝ 16 15 14 13 12 11 10  9 8 7 6 5 4 3 2 1
⍝  0  0 16 16 16 16 16 16 0 8 8 8 0 4 0 0
⍝ 51.85 53.1 54.35 55.6 56.85 58.1 59.35 60.6 61.85 63.1 64.35 65.6 66.85 68.1 69.35 70.6
⍝ 58.55 60   61.45 62.9 64.35 65.8 67.25 68.7 70.15 71.6 73.05 74.5 75.95 77.4 78.85 80.3
⍝ 65.25 66.9 68.55 70.2 71.85 73.5 75.15 76.8 78.45 80.1 81.75 83.4 85.05 86.7 88.35 90  
⍝ 71.95 73.8 75.65 77.5 79.35 81.2 83.05 84.9 86.75 88.6 90.45 92.3 94.15 96   97.85 99.7
