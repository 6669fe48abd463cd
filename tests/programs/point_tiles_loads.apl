⍝ Point tiles with loads (backend/opencl/PointTiles.h): on CPU devices a kernel of more than 4096
⍝ work items whose loop reads memory and runs at least 256 times, known at compile time, runs 16
⍝ items per work item. Matrix product's ordered dot products of 300, 81×71 of them (not a
⍝ multiple of 16: the last tile's lanes past the end repeat the last item without storing).
A ← 0.01×1+97|(⍳81)∘.+7×⍳300
B ← 0.01×1+89|(3×⍳300)∘.+⍳71
C ← A+.×B
⎕ ← +/,C
⎕ ← C[1;1], C[81;71], C[40;33]
⎕ ← ⌊+/C[81;]
⍝ == expected
⍝ 380788.8386
⍝ 65.8927 65.3841 68.3763
⍝ 4670
