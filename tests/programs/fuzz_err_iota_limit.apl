⍝ A fused ⍳ of more than 2^28 elements is a LIMIT ERROR, as in the interpreter (found by
⍝ tests/fuzz, seed 200054: x!y with x = 2^63-1 looped over ⍳x for ever). Since x!y with 0≤y<x
⍝ is 0 without terms (fuzz seed 906634), the first line has values; y<0 still needs x terms.
(5 1⍴0 9223372036854775807)!5 1⍴1 0
9223372036854775807!¯1
⍝ == expected
⍝ 1
⍝ 0
⍝ 1
⍝ 0
⍝ 1
⍝ error: LIMIT ERROR
