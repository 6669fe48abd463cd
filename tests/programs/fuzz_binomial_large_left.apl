⍝ x!y with 0 ≤ y < x is 0, however large x is (fuzz seed 906634: 43046721!1 was a DOMAIN ERROR on
⍝ every path, from 43 million terms whose product overflowed, and the interpreter took 27 s).
⎕←43046721!1
⎕←5!3 0 4
⎕←1099511627776!1 2
⎕←(⍳6)∘.!⍳6
⎕←0 1 2 3 ¯1 ¯2 ¯3∘.!¯3 ¯2 ¯1 0 1 2 3
⍝ == expected
⍝ 0
⍝ 0 0 0
⍝ 0 0
⍝ 1 2 3 4  5  6
⍝ 0 1 3 6 10 15
⍝ 0 0 1 4 10 20
⍝ 0 0 0 1  5 15
⍝ 0 0 0 0  1  6
⍝ 0 0 0 0  0  1
⍝   1  1  1 1 1 1 1
⍝  ¯3 ¯2 ¯1 0 1 2 3
⍝   6  3  1 0 0 1 3
⍝ ¯10 ¯4 ¯1 0 0 0 1
⍝   0  0  1 0 0 0 0
⍝   0  1 ¯1 0 0 0 0
⍝   1 ¯2  1 0 0 0 0
