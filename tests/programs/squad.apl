⍝ Squad: monadic it is the identity, dyadic it indexes leading axes.
⌷1 2 3
2⌷10 20 30
2⌷3 2⍴⍳6
⍝ == expected
⍝ 1 2 3
⍝ 20
⍝ 3 4
