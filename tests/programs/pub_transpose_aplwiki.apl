⍝ Source: APL Wiki, "Transpose" (https://aplwiki.com/wiki/Transpose), Monadic and Dyadic usage.
⍝ Changed: the comment forms (X⍉Y)[1;2;3] and Y[3;1;2] are evaluated too.
3 3⍴⍳9
⍉3 3⍴⍳9
⍴⍉3 4 5⍴⎕A
⍉1 2 3
X←3 1 2
Y←3 4 5⍴⎕A
⍴X⍉Y
1 2 3⌷X⍉Y
(X⍉Y)[1;2;3]
1 2 3[X]⌷Y
Y[3;1;2]
⍝ == expected
⍝ 1 2 3
⍝ 4 5 6
⍝ 7 8 9
⍝ 1 4 7
⍝ 2 5 8
⍝ 3 6 9
⍝ 5 4 3
⍝ 1 2 3
⍝ 4 5 3
⍝ P
⍝ P
⍝ P
⍝ P
