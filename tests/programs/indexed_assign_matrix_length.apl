⍝ A[I;J] ← X with X of the wrong length: a LENGTH ERROR at run time (the shape is not static).
m ← 3 3 ⍴ ⍳ 9
m[2;] ← 7 8 9
m
m[2;] ← 1 2
m
⍝ == expected
⍝ 1 2 3
⍝ 7 8 9
⍝ 7 8 9
⍝ error: LENGTH ERROR
