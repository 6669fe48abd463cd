⍝ Integer A+.×B whose dot products walk B down its columns run row by row on the CPU targets
⍝ (laila/passes/InterchangeLoops.h, second form): each sum and its count of wraps in a row of
⍝ memory, the overflow check and what follows in a last loop over the row. Sums whose partial
⍝ sums wrap and come back are no error; a sum that does not fit is the interpreter's DOMAIN ERROR.
P ← 60 20⍴⍋⍋⍳1200
O ← (7|⍳60)∘.=⍳5
S ← (⍉O)+.×P
⎕ ← S[;1 2 20]
⎕ ← (S÷(1⌈+⌿O)∘.×20⍴1)[;1 20]
W ← 4611686018427387904×1-2×2≤4|⌊(P-1)÷140
⎕ ← ((⍉O)+.×W)[;1 2 20]
⎕ ← (⍉O)+.×60 20⍴4611686018427387904
⍝ == expected
⍝ 5049 5058 5220
⍝ 5229 5238 5400
⍝ 5409 5418 5580
⍝ 5589 5598 5760
⍝ 4568 4576 4720
⍝ 561 580
⍝ 581 600
⍝ 601 620
⍝ 621 640
⍝ 571 590
⍝ 4611686018427387904 4611686018427387904 4611686018427387904
⍝ 4611686018427387904 4611686018427387904 4611686018427387904
⍝ 4611686018427387904 4611686018427387904 4611686018427387904
⍝ 4611686018427387904 4611686018427387904 4611686018427387904
⍝                   0                   0                   0
⍝ error: DOMAIN ERROR
