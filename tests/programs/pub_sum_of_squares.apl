⍝ Source: Rosetta Code, "Sum of squares" (http://rosettacode.org/wiki/Sum_of_squares): "find
⍝ the sum of squares of a numeric vector ... should work on a zero-length vector (with an
⍝ answer of 0)". The stated results: 133 for 3 1 4 1 5 9 (ALGOL 68, Ada), 55 for 1 2 3 4 5
⍝ (11l), 385 for 1..10 (360 Assembly). The APL solution squares and sums: {+/⍵*2}.
square_sum←{+/⍵*2}
square_sum 3 1 4 1 5 9
square_sum 1 2 3 4 5
square_sum ⍳10
square_sum ⍬
⍝ == expected
⍝ 133
⍝ 55
⍝ 385
⍝ 0
