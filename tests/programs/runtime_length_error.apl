⍝ Lengths known only at run time are checked then.
n←+/1 1 1
⎕←n
(⍳n)+⍳4
⍝ == expected
⍝ 3
⍝ error: LENGTH ERROR
