⍝ The final state of a per-point power with several fields (planes of a 3×H×W array), kept in
⍝ memory per field (laila/lower/LowerPowerPerPoint.cpp), read in every way: through the
⍝ flattened state (the plane varies with the position), plane by plane, a plane chosen at run
⍝ time, transposed, and printed whole (its planes copied into one array).
H ← 30
W ← 40
step ← {
  x ← 1↑⍵ ⋄ y ← 1↑1↓⍵ ⋄ k ← 2↓⍵
  nx ← 997|(x×3)+y+1
  ny ← 991|x+y×7
  nx ⍪ ny ⍪ k + 2|nx
}
all ← (step ⍣ 5) 3 H W ⍴ ((⍳H×W)÷2), (⌽⍳H×W), (H×W)⍴0
⎕ ← +/,all
⎕ ← (+/,all[1;;]), (+/,all[2;;]), +/,all[3;;]
p ← 1+3|⌊/,all[3;;]
⎕ ← p, +/,all[p;;]
⎕ ← +/(⍉all)[1;2;]
⎕ ← 2 2 2↑(step ⍣ 2) 3 2 2 ⍴ ⍳12
⍝ == expected
⍝ 1193825
⍝ 598253 592265 3307
⍝ 1 598253
⍝ 1933.5
⍝  64  84
⍝ 104 124
⍝
⍝ 261 321
⍝ 381 441
