⍝ Source: APL Wiki, "Simple examples" (arithmetic mean as a dfn and as a train) and the
⍝ dfns workspace "mean" notes (mean←+⌿÷≢; mean 1 2 3 4 is 2.5; stdev 2 2 2 is 0).
⍝ Changed: stdev 1 2 3 is left out (the page prints it under ⎕PP←5, which aplc lacks).
{(+⌿⍵)÷≢⍵} 3 4.5 7 21
(+⌿÷≢) 3 4.5 7 21
mean ← +⌿ ÷ ≢
mean 1 2 3 4
square ← *∘2
sqrt ← *∘0.5
stdev ← {sqrt(mean square ⍵)-square mean ⍵}
stdev 2 2 2
stdev2 ← sqrt(mean∘square - square∘mean)
stdev2 2 2 2
⍝ == expected
⍝ 8.875
⍝ 8.875
⍝ 2.5
⍝ 0
⍝ 0
