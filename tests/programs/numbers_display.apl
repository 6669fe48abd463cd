⍝ Negative numbers, exponents and integral doubles display as APL does.
¯1 ¯2.5
1e3
1.5e¯3
2.0
⍝ == expected
⍝ ¯1 ¯2.5
⍝ 1000
⍝ 0.0015
⍝ 2
