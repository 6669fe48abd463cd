⍝ An integer scan whose first overflow is in its second block of 1024 items and another in its
⍝ fourth: a DOMAIN ERROR, after what the program printed before, on every path. On the OpenMP
⍝ target with threads the fourth block starts from a wrapped sum (docs/openmp.md).
n ← 5000
w ← n ⍴ 1
w[1500 3500] ← 9223372036854775000
⎕ ← +/ w ≠ 1
⎕ ← (+\w)[1499]
⍝ == expected
⍝ 2
⍝ error: DOMAIN ERROR
