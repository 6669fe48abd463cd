⍝ Source: Rosetta Code, "Sum digits of an integer" (https://rosettacode.org/wiki/Sum_digits_of_an_integer):
⍝ 1 (base 10) sums to 1, 1234 (base 10) to 10, fe (base 16) to 29 and f0e (base 16) to 29.
⍝ A flat APL solution: the sum of the number's base-⍺ digits (enough digits for these inputs).
sumdigits←{+/(8⍴⍺)⊤⍵}
10 sumdigits 1
10 sumdigits 1234
16 sumdigits 254
16 sumdigits 3854
⍝ == expected
⍝ 1
⍝ 10
⍝ 29
⍝ 29
