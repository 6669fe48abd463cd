⍝ Grade up and down, and sorting with them.
⍋3 1 2
⍒3 1 2
v←5 2 9 2
v[⍋v]
v[⍒v]
⍝ == expected
⍝ 2 3 1
⍝ 1 3 2
⍝ 2 2 5 9
⍝ 9 5 2 2
