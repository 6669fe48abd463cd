⍝ Power loops whose state changes shape by a count known only at run time, and guards whose
⍝ branches return arrays of different shapes.
n←+/1 1 1
({1↓⍵,⍵}⍣n) 1 2 3
({⍵,+/¯2↑⍵}⍣n) 1 1
g←{⍵>2:⍵ 3⍴⍳⍵ ⋄ 1 1⍴⍵}
g n
g n-2
⍝ == expected
⍝ 1 2 3 2 3 1 2 3 3 1 2 3 2 3 1 2 3
⍝ 1 1 2 3 5
⍝ 1 2 3
⍝ 1 2 3
⍝ 1 2 3
⍝ 1
