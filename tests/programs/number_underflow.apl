⍝ 1E¯400 underflows to 0 (as in Dyalog); 1E400 is a compile-time DOMAIN ERROR (tests/errors).
1E¯400
0=1E¯400
⍝ == expected
⍝ 0
⍝ 1
