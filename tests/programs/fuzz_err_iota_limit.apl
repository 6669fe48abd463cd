⍝ A fused ⍳ of more than 2^28 elements is a LIMIT ERROR, as in the interpreter (found by
⍝ tests/fuzz, seed 200054: x!y with x = 2^63-1 looped over ⍳x for ever).
(5 1⍴0 9223372036854775807)!5 1⍴1 0
⍝ == expected
⍝ error: LIMIT ERROR
