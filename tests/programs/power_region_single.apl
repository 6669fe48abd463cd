⍝ A power loop whose generations are a parallel loop and a rotation's one-item segment (which
⍝ stays a statement of its own) runs as one parallel region on the OpenMP target, the segment in
⍝ an `omp single` (backend/c/ParallelRegion.h). After a large last item the sums overflow in a
⍝ late generation: the error is the sequential program's, and nothing is printed after it.
step ← {(1⌽⍵)+⍵}
v ← (999⍴1),1
+/(step ⍣ 20) v
v[1000] ← 2000000000000000
(step ⍣ 3) v[1 2 999 1000]
(step ⍣ 20) v
⍝ == expected
⍝ 1048576000
⍝ 2000000000000007 6000000000000005 6000000000000005 2000000000000007
⍝ error: power_region_single.apl:5:14: DOMAIN ERROR: integer overflow in addition
