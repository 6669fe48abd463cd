⍝ Two fused primitives in one loop: ⌊ fails on element 1, ÷ (evaluated first, on every
⍝ element) on element 3: the interpreter reports ÷.
⌊1E300 1 2÷1 1 0
⍝ == expected
⍝ error: 3:11: DOMAIN ERROR
