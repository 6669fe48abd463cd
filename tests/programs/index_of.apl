⍝ Dyadic ⍳: first position, or one past the end when absent.
1 2 3 4⍳3
'hello'⍳'l'
1 2 3⍳4 1
'abc'⍳'cab'
⍝ == expected
⍝ 3
⍝ 3
⍝ 4 1
⍝ 3 1 2
