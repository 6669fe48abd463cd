⍝ A[I;J] ← X with an index out of range: an INDEX ERROR at run time.
m ← 2 2 ⍴ 0
m[1 2;1] ← 5
m
m[1 3;1] ← 5
m
⍝ == expected
⍝ 5 0
⍝ 5 0
⍝ error: INDEX ERROR
