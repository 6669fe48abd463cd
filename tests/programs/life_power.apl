⍝ Powers with constant counts (issue 10): life's step reads its argument seven times, so unrolling
⍝ must not copy the previous step's code per read; small counts unroll only within a budget.
rs←{(¯1⌽⍵)+⍵+1⌽⍵}
nb←{(rs ¯1⊖⍵)+(rs ⍵)+rs 1⊖⍵}
life←{((nb ⍵)=3)∨((nb ⍵)=4)∧⍵}
board←8 8⍴0
board[1;2]←1 ⋄ board[2;3]←1 ⋄ board[3;1 2 3]←1
+/,(life⍣1)board
(life⍣4)board
⍝ == expected
⍝ 5
⍝ 0 0 0 0 0 0 0 0
⍝ 0 0 1 0 0 0 0 0
⍝ 0 0 0 1 0 0 0 0
⍝ 0 1 1 1 0 0 0 0
⍝ 0 0 0 0 0 0 0 0
⍝ 0 0 0 0 0 0 0 0
⍝ 0 0 0 0 0 0 0 0
⍝ 0 0 0 0 0 0 0 0
