⍝ Integer arithmetic on scalars and vectors; ÷ and * give doubles.
2+3
7-10
4×5 6
7÷2
2*10
-5
|¯3 4
×¯2 0 5
⍝ == expected
⍝ 5
⍝ ¯3
⍝ 20 24
⍝ 3.5
⍝ 1024
⍝ ¯5
⍝ 3 4
⍝ ¯1 0 1
