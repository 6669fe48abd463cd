⍝ Double arithmetic, reciprocal, floor and ceiling (which give integers).
1.5+2.25
÷4
10÷4
⌊2.7 ¯2.7
⌈2.2 ¯2.2
1÷3
2*0.5
⍝ == expected
⍝ 3.75
⍝ 0.25
⍝ 2.5
⍝ 2 ¯3
⍝ 3 ¯2
⍝ 0.3333333333
⍝ 1.414213562
