⍝ Block reuse (backend/memory/BlockReuse.h): a block freed in a statement list is given to the
⍝ next allocation of that list of the same element type and count, when nothing is allocated
⍝ between. Each call of smooth materializes a running sum, its reversal and its grade, of 1000
⍝ items each: nine allocations for the three calls. Now five of them take the block freed just
⍝ before them (the grade the sum's, the next call's sum the reversal's): four allocations, and
⍝ never more than two blocks live at once, as before.
∇ r ← smooth v;a;b;c
  a ← +\v
  b ← ⌽a
  c ← ⍋b
  r ← c[⍳5]
∇
x ← 1000⍴3 1 4 1 5 9 2 6
⎕ ← smooth x
⎕ ← smooth 2×x
⎕ ← smooth x-1
⍝ == expected
⍝ 1000 999 998 997 996
⍝ 1000 999 998 997 996
⍝ 999 1000 997 998 996
⍝ structure: exactly 4 "= alloc int[1000]"
⍝ structure: at most 2 live
