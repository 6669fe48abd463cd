⍝ Maximum and minimum, as functions and in reductions, with booleans promoted.
3⌈5
3⌊5
⌈/3 1 4 1 5
⌊/3 1 4
0⌈1=1
2.5⌊3
⍝ == expected
⍝ 5
⍝ 3
⍝ 5
⍝ 1
⍝ 1
⍝ 2.5
