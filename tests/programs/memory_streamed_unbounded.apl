⍝ A per-point power whose integer field has no known bound (each step adds 1 and the point's own
⍝ comparison with 2): the sum of its results keeps its wrap count (an if per item), which
⍝ laila/passes/StreamReductions.h cannot move into the loops over the points, so on OpenMP the
⍝ sum stays in blocks of partial sums on threads, not one sequential loop; its minimum, which
⍝ cannot overflow, is streamed (a partial per row of points).
r ← ({⍵ + 1 + ⍵ > 2}⍣6) 40 50 ⍴ ⍳5
⎕ ← (+/,r), ⌊/,r
⍝ == expected
⍝ 28800 11
⍝ structure on omp: exactly 1 "[int] sums_"
⍝ structure on omp: exactly 1 "alloc int[40]"
⍝ structure on c: exactly 1 "alloc int[2000]"
