⍝ ⍋ and ⍒ of a matrix (and of higher rank) grade the major cells lexicographically, stably.
m ← 4 3 ⍴ 3 1 2 1 2 3 3 1 1 1 2 3
⍋m
⍒m
c ← 3 3 ⍴ 'catdogcab'
⍋c
⍒c
c[⍋c;]
a ← 3 2 2 ⍴ 5 1 1 1 2 9 9 9 5 0 9 9
⍋a
⍒a
⍋ 3 0 ⍴ 0
⍴ ⍋ 0 3 ⍴ 0
⍝ == expected
⍝ 2 4 3 1
⍝ 1 3 2 4
⍝ 3 1 2
⍝ 2 1 3
⍝ cab
⍝ cat
⍝ dog
⍝ 2 3 1
⍝ 1 3 2
⍝ 1 2 3
⍝ 0
