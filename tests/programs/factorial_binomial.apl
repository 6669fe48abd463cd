⍝ Factorial and binomial coefficients of integers.
!5
!0
2!5
3!10
⍝ == expected
⍝ 120
⍝ 1
⍝ 10
⍝ 120
