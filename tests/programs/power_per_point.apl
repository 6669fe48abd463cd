⍝ Power loops whose step works point by point (lowered with the power loop inside the loop
⍝ over the points, in tiles of 16 along the last axis: 37 points make three tiles, the last
⍝ one short), and steps that must not be (they read other points, print, or could fail in two
⍝ ways: 1+7|⍵×3 checks both × and + for overflow). Counts above 8 or computed at run time keep
⍝ the power a loop (small constant counts are unrolled).
n ← +/⍳3
({7|⍵×3}⍣9) ⍳37
({1+7|⍵×3}⍣9) ⍳37
({⍵+1}⍣(n-6)) ⍳5
s ← ({((1↑⍵)+1↑1↓⍵)⍪1↓⍵}⍣n) 2 3 5 ⍴ ⍳30
s
({(⍵[2]),⍵[1]+⍵[2]}⍣10) 0 1
({0.5×⍵+2÷⍵}⍣n) 1 2 3 4
({1⌽⍵×2}⍣9) ⍳5
({⍵-⌊/⍵}⍣9) 5 3 8
({⍉⍵+1}⍣9) 2 2⍴⍳4
({⎕←⍵ ⋄ ⍵+1}⍣(n-4)) 1 2
⍴({⍵+1}⍣n) 0 3⍴0
⍴({⍵+1}⍣n) 3 0⍴0
({⍵÷⍵-3}⍣n) ⍳4
⍝ == expected
⍝ 6 5 4 3 2 1 0 6 5 4 3 2 1 0 6 5 4 3 2 1 0 6 5 4 3 2 1 0 6 5 4 3 2 1 0 6 5
⍝ 5 4 3 2 1 7 6 5 4 3 2 1 7 6 5 4 3 2 1 7 6 5 4 3 2 1 7 6 5 4 3 2 1 7 6 5 4
⍝ 1 2 3 4 5
⍝  97 104 111 118 125
⍝ 132 139 146 153 160
⍝ 167 174 181 188 195
⍝
⍝  16  17  18  19  20
⍝  21  22  23  24  25
⍝  26  27  28  29  30
⍝ 55 89
⍝ 1.414213562 1.414213562 1.414213562 1.414213562
⍝ 2560 512 1024 1536 2048
⍝ 2 0 5
⍝ 10 12
⍝ 11 13
⍝ 1 2
⍝ 2 3
⍝ 3 4
⍝ 0 3
⍝ 3 0
⍝ error: DOMAIN ERROR
