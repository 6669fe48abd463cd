⍝ A loop's array state updated in its own block (backend/memory/StateInPlace.h): each iteration
⍝ of the :For loop stores one element of r. The loop's state r was double-buffered: an iteration
⍝ copied r, stored the element in the copy, copied that into a spare block and swapped it in, two
⍝ walks of 100000 items per element stored. Now the element is stored in r's block: the plan has
⍝ one array of 100000 items, and loops only to fill it, sum it, and run the :For. The same holds
⍝ for `r[⍳N]←v` (a loop over its items), the second function, whose array of 100000 items takes
⍝ the block of the first's, freed just before (backend/memory/BlockReuse.h): one allocation.
∇ r ← squares n;i
  r ← n⍴0
  :For i :In ⍳1000
    r[i] ← i×i
  :EndFor
∇
∇ r ← reversed n
  r ← n⍴0
  r[⍳500] ← ⌽⍳500
∇
s ← squares 100000
⎕ ← +/s
⎕ ← s[1 2 1000 1001]
t ← reversed 100000
⎕ ← (+/t), t[1 500 501]
⍝ == expected
⍝ 333833500
⍝ 1 4 1000000 0
⍝ 125250 500 1 0
⍝ structure: exactly 1 "alloc int[100000]"
⍝ structure: exactly 0 "spare"
⍝ structure on c: exactly 4 "in 0..100000"
