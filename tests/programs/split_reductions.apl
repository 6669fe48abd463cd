⍝ Split reductions (laila/passes/SplitReductions.h): on the OpenCL target, a parallel loop of few
⍝ iterations (at most 4096, known at compile time), each a reduction of at least 8192 terms exact
⍝ in any order, runs over the reductions' blocks of 1024 too, and each iteration then combines
⍝ its blocks. Integer sums (k-means' sums per centre: a one-hot matrix's transpose times the
⍝ points), integer maxima and boolean or-ands, over lengths that are and are not multiples of 1024.
N ← 10001
p ← 1+97|(⍳N)∘.×3+2×⍳5
class ← 1+3|(⍳N)×7
onehot ← class∘.=⍳3
⎕ ← (⍉onehot)+.×p
⎕ ← +⌿onehot
q ← 1+89|(⍳4)∘.×⍳9216
⎕ ← q⌈.+⍉q
b ← 0=13|(⍳3)∘.+⍳8193
⎕ ← b∨.∧⍉b
⎕ ← b∧.∨⍉~b
⍝ == expected
⍝ structure on opencl: exactly 2 "[int] partials_"
⍝ structure on omp: exactly 0 "partials_"
⍝ 163230 163324 163321 163221 163121
⍝ 163314 163286 163355 163424 163493
⍝ 163300 163344 163388 163335 163379
⍝ 3333 3334 3334
⍝ 178 177 176 175
⍝ 177 178 175 177
⍝ 176 175 178 173
⍝ 175 177 173 178
⍝ 1 0 0
⍝ 0 1 0
⍝ 0 0 1
⍝ 1 0 0
⍝ 0 1 0
⍝ 0 0 1
