⍝ Mandelbrot: N iterations of z ← c + z×z on a W×H grid over [¯2,0.75]×[¯0.75,0.75], all points
⍝ at once, as in apltail's mandelbrot.apl (planes of a 3×H×W array, power operator). Unlike the
⍝ corpus program, a point keeps its last z once it has escaped (|z|²≥4), so values stay finite
⍝ (Dyalog signals DOMAIN ERROR on floating overflow). The count plane holds, per point, the
⍝ iterations spent escaped. Prints the sum of the counts and the number of points that never
⍝ escaped.
⍝ Sizes: 20×12 (the corpus), 1024×768 (the corpus's example) with 255 iterations.
W ← 20
H ← 12
N ← 90

xmin ← ¯2
xmax ← 0.75
ymin ← ¯0.75
ymax ← 0.75
dx ← (xmax-xmin)÷W
dy ← (ymax-ymin)÷H
cx ← 1 H W ⍴ xmin + dx × ⍳W              ⍝ real plane
cy ← 1 H W ⍴ ⍉ W H ⍴ ymin + dy × ⍳H      ⍝ imaginary plane

step ← {                                  ⍝ one iteration on all points
  zx ← 1↑⍵                                ⍝ real plane
  zy ← 1↑1↓⍵                              ⍝ imaginary plane
  count ← 2↓⍵                             ⍝ count plane
  zzx ← cx + (zx × zx) - zy × zy
  zzy ← cy + (zx × zy) + zx × zy
  inside ← 4 > (zzx × zzx) + zzy × zzy
  keepx ← (inside × zzx) + (1 - inside) × zx
  keepy ← (inside × zzy) + (1 - inside) × zy
  keepx ⍪ keepy ⍪ count + 1 - inside
}

counts ← 2↓(step ⍣ N) 3 H W ⍴ 0
⎕ ← (+/,counts), +/,0=counts
