⍝ Powers with small constant counts (issue 10): scalar state, shape-changing state, a state read
⍝ several times, and a chain of dfns each reading its argument three times.
{⍵+1}⍣5⊢0
{⍵,⍵}⍣3⊢1 2
{(1⌽⍵)+⍵-¯1⌽⍵}⍣3⊢1 2 3 4 5
{(⍵×⍵)-⍵+⍵}⍣4⊢2
{⍵,1↓⍵}⍣6⊢1 2 3
f←{(2⌽⍵)⌈⍵⌊¯1⌽⍵}
+/f f f f f f f f f f 7|⍳100
⍝ == expected
⍝ 5
⍝ 1 2 1 2 1 2 1 2 1 2 1 2 1 2 1 2
⍝ 17 18 ¯1 ¯10 ¯9
⍝ 0
⍝ 1 2 3 2 3 2 3 2 3 2 3 2 3 2 3 2 3 2 3 2 3 2 3 2 3 2 3 2 3 2 3 2 3 2 3 2 3 2 3 2 3 2 3 2 3 2 3 2 3 2 3 2 3 2 3 2 3 2 3 2 3 2 3 2 3 2 3 2 3 2 3 2 3 2 3 2 3 2 3 2 3 2 3 2 3 2 3 2 3 2 3 2 3 2 3 2 3 2 3 2 3 2 3 2 3 2 3 2 3 2 3 2 3 2 3 2 3 2 3 2 3 2 3 2 3 2 3 2 3
⍝ 456
