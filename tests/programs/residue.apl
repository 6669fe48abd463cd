⍝ Residue with positive, negative and zero left arguments.
3|10 ¯10
¯3|10
0|5
2.5|7
⍝ == expected
⍝ 1 2
⍝ ¯2
⍝ 5
⍝ 2
