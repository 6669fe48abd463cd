⍝ Integer overflow near the ends of int64 stays a DOMAIN ERROR in compiled code, where the
⍝ range analysis (laila/passes/ElimChecks.h) removes the checks it proves: 9×10¹⁸ fits, 10×10¹⁸ does
⍝ not, and the loop over ⍳10 must keep its multiplication check.
x ← 1000000000000000000
(⍳9) × x
9223372036854775806 + ⍳1
(⍳10) × x
⍝ == expected
⍝ 1000000000000000000 2000000000000000000 3000000000000000000 4000000000000000000 5000000000000000000 6000000000000000000 7000000000000000000 8000000000000000000 9000000000000000000
⍝ 9223372036854775807
⍝ error: DOMAIN ERROR
