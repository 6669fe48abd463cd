⍝ Dyadic transpose: old axis k goes to new axis p[k] (2 3 1 is not an involution).
A←2 3 4⍴⍳24
⍴2 3 1⍉A
(2 3 1⍉A)[;1;]
⍴3 1 2⍉A
(3 1 2⍉A)[1;;]
2 1⍉2 3⍴⍳6
⍝ == expected
⍝ 4 2 3
⍝ 1 5  9
⍝ 2 6 10
⍝ 3 7 11
⍝ 4 8 12
⍝ 3 4 2
⍝ 1 13
⍝ 2 14
⍝ 3 15
⍝ 4 16
⍝ 1 4
⍝ 2 5
⍝ 3 6
