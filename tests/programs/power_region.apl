⍝ Power loops whose generations are parallel loops and little else run as one parallel region
⍝ each on the OpenMP target (backend/c/ParallelRegion.h): every thread runs the generations and
⍝ shares each loop. Two loops a generation here (d, then its column sums with ⍵), whose results
⍝ feed the next generation; the last power loop fails in a late generation, in the second loop
⍝ (the column sums overflow before d does): the error is the sequential program's.
step ← {
  d ← ⍵ + 1
  (+⌿d) +[1] ⍵
}
m ← 30 30⍴⍳900
+/,(step ⍣ 3) m
r ← (step ⍣ 5) m
r[1;1], r[30;30]
(step ⍣ 100) m
⍝ == expected
⍝ 12105571950
⍝ 12926059051 12926064300
⍝ error: power_region.apl:8:5: DOMAIN ERROR: integer overflow in addition
