⍝ Benchmark (small size): K-means: I iterations of Lloyd's algorithm on N points with F=34 integer features: assign every
⍝ point to its nearest centre (squared Euclidean distance, the first of equals), then move each
⍝ centre to the mean of its points (a centre without points stays). dybber/aplbench's
⍝ rodinia-kmeans (kmeans2.apl, ported from Rodinia's kmeans: the first K points are the first
⍝ centres), written flat: the distances are an inner product and the means a one-hot matrix
⍝ product, in place of the per-point loop with indexed updates. Rodinia reads kdd_cup (34
⍝ features); here the points are generated (7 groups, integer features 0..300).
⍝ Prints the number of points of each centre after the last iteration and the sum of the centres.
⍝ Sizes: N=1000 K=5 I=4 (test), N=100000 K=8 I=10.
N ← 1000
K ← 5
I ← 4
F ← 34
p ← ((40×7|⍳N)∘.+F⍴0)+61|(⍳N)∘.×3+2×⍳F
nearest ← {
  d ← p+.{(⍺-⍵)×⍺-⍵}⍉⍵                 ⍝ N×K squared distances to the centres ⍵
  1++/∧\d≠(⌊/d)∘.+K⍴0                  ⍝ the first minimum of each row
}
step ← {
  onehot ← (nearest ⍵)∘.=⍳K
  count ← +⌿onehot
  sums ← (⍉onehot)+.×p                  ⍝ K×F, exact integers
  (sums÷(1⌈count)∘.×F⍴1)+((count=0)∘.×F⍴1)×⍵
}
c ← (step ⍣ I) (K F↑p)÷1
⎕ ← (+⌿(nearest c)∘.=⍳K), +/,c
⍝ == expected
⍝ 285 146 142 144 283 25425.89987
