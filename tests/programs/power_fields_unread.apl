⍝ A per-point power whose state has several fields (planes of a 3×H×W array, as mandelbrot's):
⍝ each field's final values live in memory of their own, so a program that reads only one plane
⍝ keeps only that plane (laila/lower/LowerPowerPerPoint.cpp, DeadCode's dead memory): one plane
⍝ of 30×40 doubles is 9600 bytes, the whole state 28800. The step also reads an array of its
⍝ index (as mandelbrot's cx and cy), which is computed where it is read, once per tile's lane
⍝ (recomputeArrays, hoistLaneInvariants), not kept in another 9600 bytes.
⍝ power_fields_views.apl reads the planes in other ways.
H ← 30
W ← 40
c ← 1 H W ⍴ 0.5 + 2 × ⍳W
step ← {
  x ← 1↑⍵ ⋄ y ← 1↑1↓⍵ ⋄ k ← 2↓⍵
  nx ← 997|(x×3)+y+c
  ny ← 991|x+y×7
  nx ⍪ ny ⍪ k + 2|nx
}
counts ← 2↓(step ⍣ 9) 3 H W ⍴ ((⍳H×W)÷2), (⌽⍳H×W), (H×W)⍴0
⎕ ← (+/,counts), ⌈/,counts
⍝ == expected
⍝ 5639 9.5
⍝ peak bytes: at most 12000
⍝ structure: exactly 1 "alloc double[1200]"
