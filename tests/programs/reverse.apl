⍝ Reverse along the last and the first axis.
⌽1 2 3
⌽2 3⍴⍳6
⊖2 3⍴⍳6
⌽'abc'
⊖5
⍝ == expected
⍝ 3 2 1
⍝ 3 2 1
⍝ 6 5 4
⍝ 4 5 6
⍝ 1 2 3
⍝ cba
⍝ 5
