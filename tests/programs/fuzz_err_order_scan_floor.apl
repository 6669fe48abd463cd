⍝ Two errors compete in one fused loop (found by tests/fuzz, seed 302624): the interpreter
⍝ evaluates ⌊ on every element before ×\ starts, so ⌊'s DOMAIN ERROR (a later row) comes before
⍝ the scan's overflow (an earlier row). The scan's failing check validates its argument first.
¯4⊖(×\(⌊(×/(5 2 3⍴0.1 ¯1.5 30000000000 30000000000))))
⍝ == expected
⍝ error: 4:8: DOMAIN ERROR
