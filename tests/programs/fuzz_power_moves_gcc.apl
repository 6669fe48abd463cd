⍝ A power whose step only moves the fields of a small state (found by tests/fuzz, seed 507617):
⍝ lowered as a loop of scalar copies, `(1∘⌽⍣n) 2 4⍴1 2` made GCC 12 -O2 run for ever (its value
⍝ numbering on a permutation of equal values); such steps now use the ordinary power loop.
(1∘⌽⍣(+/1 1 1))(2 4⍴1 2)
(⌽⍣(+/1 1 1))(2 4⍴'AB')
({⍉⍉⍵}⍣(≢'abcd'))((+/1 1)⌽(1 1⍴'c'))
⍝ == expected
⍝ 2 1 2 1
⍝ 2 1 2 1
⍝ BABA
⍝ BABA
⍝ c
