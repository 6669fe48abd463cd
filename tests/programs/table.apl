⍝ Monadic ⍪ makes a one-column matrix.
⍪1 2 3
⍴⍪5
⍝ == expected
⍝ 1
⍝ 2
⍝ 3
⍝ 1 1
