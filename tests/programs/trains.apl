⍝ Forks and atops, monadic and dyadic, with an array on the left.
(+/÷≢)1 2 3 4
(⌊/,⌈/)3 1 4
2(+,-)1
(-⍳)3
(1+⊢)5
mean←+/÷≢
mean 2 4 9
⍝ == expected
⍝ 2.5
⍝ 1 4
⍝ 3 1
⍝ ¯1 ¯2 ¯3
⍝ 6
⍝ 5
