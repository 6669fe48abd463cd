⍝ Drop: negative drops from the end, matrices drop rows, overdrop gives empty.
1↓1 2 3
¯1↓1 2 3
¯2↓4 2⍴⍳8
1↓3 2⍴⍳6
1 1↓3 3⍴⍳9
⍴5↓1 2
⍴3↓2 4⍴0
⍝ == expected
⍝ 2 3
⍝ 1 2
⍝ 1 2
⍝ 3 4
⍝ 3 4
⍝ 5 6
⍝ 5 6
⍝ 8 9
⍝ 0
⍝ 0 4
