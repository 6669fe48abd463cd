⍝ Source: Rosetta Code, "Horner's rule for polynomial evaluation"
⍝ (http://rosettacode.org/wiki/Horner's_rule_for_polynomial_evaluation): -19+7x-4x²+6x³ at x=3,
⍝ coefficients in increasing powers; stated output 128. APL: decode of the reversed
⍝ coefficients, and the task's accumulator loop written as a right-to-left reduction.
coeffs←¯19 7 ¯4 6
3⊥⌽coeffs
{⍺+3×⍵}/coeffs
horner←{⍺⊥⌽⍵}
3 horner coeffs
⍝ == expected
⍝ 128
⍝ 128
⍝ 128
