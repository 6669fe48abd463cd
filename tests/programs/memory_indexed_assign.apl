⍝ Indexed assignment in place (laila/passes/InPlaceUpdates.h): `r[i]←v` copies r into a new
⍝ array and writes v there; when r dies with the copy, the copy is r itself and its loop, which
⍝ would store each element over itself, goes. Two assignments to an array of 100000 items are
⍝ two stores, not two walks of the array: on the C path the plan has a loop to fill r and one to
⍝ sum it, and r is one allocation.
r ← 100000⍴0
r[5] ← 1
r[7] ← 2
⎕ ← +/r
⎕ ← r[4 5 6 7 8]
⍝ == expected
⍝ 3
⍝ 0 1 0 2 0
⍝ structure on c: exactly 2 "in 0..100000"
⍝ structure: exactly 1 "alloc int[100000]"
