⍝ Power with a count: a scalar, a growing vector, a bound function.
({⍵+1}⍣3)10
({⍵,⍵}⍣3)1
(2∘×⍣5)1
({⍵+1}⍣0)7
⍝ == expected
⍝ 13
⍝ 1 1 1 1 1 1 1 1
⍝ 32
⍝ 7
