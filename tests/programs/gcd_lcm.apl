⍝ ∨ and ∧ on integers are the greatest common divisor and the least common multiple (the Dyalog
⍝ Language Reference's examples for Or and And: 15 1 2 7∨35 1 4 0 is 5 1 2 7, 15 1 2 7∧35 1 4 0 is
⍝ 105 1 4 0); on booleans they are or and and, which they agree with on 0 and 1. The LCM of two
⍝ numbers is their product divided by their GCD (APL Wiki, "LCM", with the table of ∘.∧⍨0,⍳10).
15 1 2 7 ∨ 35 1 4 0
15 1 2 7 ∧ 35 1 4 0
¯12 ∨ 18
¯4 ∧ 6
¯4 ∧ ¯6
∨/ 12 18 30
∧/ ⍳10
∨\ 12 18 8 7
(2|⍳6) ∨ 0 0 1 1 0 0
(2|⍳6) ∧ 0 0 1 1 0 0
(3 3⍴⍳9) ∨ 6
∨/ 0⍴5
∧/ 0⍴5
4.0 ∨ 6
∘.∧⍨ 0,⍳10
⍝ The least common multiple of 2*62 and 3 does not fit 64 bits.
(2*62) ∧ 3
⍝ == expected
⍝ 5 1 2 7
⍝ 105 1 4 0
⍝ 6
⍝ ¯12
⍝ 12
⍝ 6
⍝ 2520
⍝ 12 6 2 1
⍝ 1 0 1 1 1 0
⍝ 0 0 1 0 0 0
⍝ 1 2 3
⍝ 2 1 6
⍝ 1 2 3
⍝ 0
⍝ 1
⍝ 2
⍝ 0  0  0  0  0  0  0  0  0  0  0
⍝ 0  1  2  3  4  5  6  7  8  9 10
⍝ 0  2  2  6  4 10  6 14  8 18 10
⍝ 0  3  6  3 12 15  6 21 24  9 30
⍝ 0  4  4 12  4 20 12 28  8 36 20
⍝ 0  5 10 15 20  5 30 35 40 45 10
⍝ 0  6  6  6 12 30  6 42 24 18 30
⍝ 0  7 14 21 28 35 42  7 56 63 70
⍝ 0  8  8 24  8 40 24 56  8 72 40
⍝ 0  9 18  9 36 45 18 63 72  9 90
⍝ 0 10 10 30 20 10 30 70 40 90 10
⍝ error: DOMAIN ERROR
