⍝ Booleans and integers promote to doubles where needed.
1 2 3+0.5
(1=1)+1
(1=1 0)×2.5
⍝ == expected
⍝ 1.5 2.5 3.5
⍝ 2
⍝ 2.5 0
