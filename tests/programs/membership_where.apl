⍝ Membership ∊ (the result has the left argument's shape), enlist of a simple array, and where ⍸.
2∊1 2 3
1 5∊1 2 3
(2 2⍴1 5 3 7)∊⍳3
'hello'∊'lo'
3∊2 2⍴1 2 3 4
'a'∊1 2
∊2 2⍴⍳4
⍸1 0 1 1
⍴⍸0 0
⍸2 0 1
⍸(⍳6)∊2 4
⎕A
⎕D
⎕D⍳'42'
⍴⎕A
⍝ == expected
⍝ 1
⍝ 1 0
⍝ 1 0
⍝ 1 0
⍝ 0 0 1 1 1
⍝ 1
⍝ 0
⍝ 1 2 3 4
⍝ 1 3 4
⍝ 0
⍝ 1 1 3
⍝ 2 4
⍝ ABCDEFGHIJKLMNOPQRSTUVWXYZ
⍝ 0123456789
⍝ 5 3
⍝ 26
