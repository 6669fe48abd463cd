⍝ Source: APL Wiki, "Binomial" (https://aplwiki.com/wiki/Binomial), Examples and Properties.
⍝ Unchanged, except that each expression is a statement of its own.
0 1 2 3 4 5!5
⍉∘.!⍨ 0,⍳5
Alt←{(!⍵)÷(!⍺)×!⍵-⍺}
0 1 2 3 4 5 Alt 5
⍝ == expected
⍝ 1 5 10 10 5 1
⍝ 1 0  0  0 0 0
⍝ 1 1  0  0 0 0
⍝ 1 2  1  0 0 0
⍝ 1 3  3  1 0 0
⍝ 1 4  6  4 1 0
⍝ 1 5 10 10 5 1
⍝ 1 5 10 10 5 1
