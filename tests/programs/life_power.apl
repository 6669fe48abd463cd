⍝ Powers with constant counts (issue 10): life's step reads its argument seven times, so unrolling
⍝ must not copy the previous step's code per read; small counts unroll only within a budget.
rs←{(¯1⌽⍵)+⍵+1⌽⍵}
nb←{(rs ¯1⊖⍵)+(rs ⍵)+rs 1⊖⍵}
life←{((nb ⍵)=3)∨((nb ⍵)=4)∧⍵}
board←8 8⍴0
board[1;2]←1 ⋄ board[2;3]←1 ⋄ board[3;1 2 3]←1
+/,(life⍣1)board
+/,(life⍣2)board
+/,(life⍣3)board
+/,(life⍣4)board
+/,(life⍣8)board
+/,(life⍣64)board
(life⍣4)board
⍝ Scalar state, shape-changing state, a state read many times.
{⍵+1}⍣5⊢0
{⍵,⍵}⍣3⊢1 2
{(1⌽⍵)+⍵-¯1⌽⍵}⍣3⊢1 2 3 4 5
{(⍵×⍵)-⍵+⍵}⍣4⊢2
f←{(2⌽⍵)⌈⍵⌊¯1⌽⍵}
+/f f f f f f f f f f 7|⍳100
⍝ == expected
⍝ 5
⍝ 5
⍝ 5
⍝ 5
⍝ 5
⍝ 5
⍝ 0 0 0 0 0 0 0 0
⍝ 0 0 1 0 0 0 0 0
⍝ 0 0 0 1 0 0 0 0
⍝ 0 1 1 1 0 0 0 0
⍝ 0 0 0 0 0 0 0 0
⍝ 0 0 0 0 0 0 0 0
⍝ 0 0 0 0 0 0 0 0
⍝ 0 0 0 0 0 0 0 0
⍝ 5
⍝ 1 2 1 2 1 2 1 2 1 2 1 2 1 2 1 2
⍝ 17 18 ¯1 ¯10 ¯9
⍝ 0
⍝ 456
