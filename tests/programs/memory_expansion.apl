⍝ Memory expansion (backend/memory/Expansion.h): each element of these eaches compresses a
⍝ vector of its own length, so each iteration of the loop over the elements allocates its mask's
⍝ positions. On the OpenCL target the allocations are parts of one block the host allocates
⍝ before the loop (their widths bounded by laila/analysis/UpperBounds.h: the largest element, the
⍝ trip count of the count of true items), and the loop is a kernel; the other targets allocate
⍝ per iteration. (⌈/ folds divisors¨ in a reduction loop, which stays on the host and allocates
⍝ per iteration.) The last statement fails in elements 25 and later; the first one's error is
⍝ reported, from a work item of a kernel.
sigma←{+/(0=(⍳⍵)|⍵)/⍳⍵}
s←sigma¨⍳300
s[⍳12]
(s=2×⍳300)/⍳300
divisors←{≢(0=(⍳⍵)|⍵)/⍳⍵}
⌈/divisors¨⍳500
evens←{v←(0=2|⍳⍵)/⍳⍵ ⋄ +/v×v}
evens¨⍳10
last←{v←(0=(⍳⍵)|⍵)/⍳⍵ ⋄ v[1+(⍵>24)×≢v]}
last¨⍳60
⍝ == expected
⍝ 1 3 4 7 6 12 8 15 13 18 12 28
⍝ 6 28
⍝ 24
⍝ 0 4 4 20 20 56 56 120 120 220
⍝ error: INDEX ERROR
⍝ structure on opencl: at least 3 "= alloc int[chunk_"
⍝ structure on opencl: exactly 1 "not expanded"
