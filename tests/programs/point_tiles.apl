⍝ Point tiles (backend/opencl/PointTiles.h): on CPU devices a per-point power's kernel runs 16
⍝ points per work item, its scalars in arrays of a value per lane, the lanes past the last point
⍝ repeating its work without storing. Counts that are not multiples of 16, one point, and states
⍝ of doubles, integers and booleans.
⍝ 37 points, a double state: the logistic map.
x ← {3.7×⍵×1-⍵}⍣50⊢(⍳37)÷38
⎕ ← +/x>0.5
⎕ ← ⌊1000×+/x
⍝ One point.
⎕ ← ⌊1000×{3.7×⍵×1-⍵}⍣50⊢0.3
⍝ Integer state: 100 steps of a linear congruence on 33 seeds.
⎕ ← {1000003|17+⍵×31}⍣100⊢⍳33
⍝ Two planes (integer and boolean) carried together on a 5×7 grid.
g ← 5 7⍴⍳35
s ← {(1000|⍵[1;;]+⍵[2;;]×3) ,[0.5] 2|⍵[1;;]}⍣25⊢2 5 7⍴g,g
⎕ ← s[1;;]
⎕ ← +/,s[2;;]
⍝ == expected
⍝ 23
⍝ 21541
⍝ 923
⍝ 608958 869995 131029 392066 653103 914140 175174 436211 697248 958285 219319 480356 741393 2427 263464 524501 785538 46572 307609 568646 829683 90717 351754 612791 873828 134862 395899 656936 917973 179007 440044 701081 962118
⍝  94  50 102  58 110  66 118
⍝ 115 119 123 127 131 135 139
⍝  74 126  82 134  90 142  98
⍝ 143 147 151 155 159 163 167
⍝ 150 106 158 114 166 122 174
⍝ 18
