⍝ Point tiles (backend/opencl/PointTiles.h): on CPU devices a per-point power's kernel of more
⍝ than 4096 points runs 16 of them per work item, its scalars in arrays of a value per lane, the
⍝ lanes past the last point repeating its work without storing. Counts that are not multiples of
⍝ 16, and states of doubles, integers and booleans; a kernel of few points, which takes no tile.
⍝ 4099 points, a double state: the logistic map.
x ← {3.7×⍵×1-⍵}⍣50⊢(⍳4099)÷4100
⎕ ← +/x>0.5
⎕ ← ⌊1000×+/x
⎕ ← ⌊1000×x[1 2 2050 4098 4099]
⍝ 37 points: few work items, no tile (a barrier ends the loop's body on CPU devices).
⎕ ← ⌊1000×+/{3.7×⍵×1-⍵}⍣50⊢(⍳37)÷38
⍝ Integer state: 100 steps of a linear congruence on 4113 seeds.
y ← {1000003|17+⍵×31}⍣100⊢⍳4113
⎕ ← +/y
⎕ ← y[1 2 4112 4113]
⍝ Two planes (integer and boolean) carried together on a 65×70 grid.
g ← 65 70⍴⍳4550
s ← {(1000|⍵[1;;]+⍵[2;;]×3) ,[0.5] 2|⍵[1;;]}⍣25⊢2 65 70⍴g,g
⎕ ← +/,s[1;;]
⎕ ← +/,s[2;;]
⎕ ← s[1;1 65;1 70]
⍝ == expected
⍝ 3205
⍝ 2746186
⍝ 466 670 921 670 466
⍝ 21541
⍝ 2056512822
⍝ 608958 869995 728846 989883
⍝ 2287100
⍝ 2275
⍝ 772   0
⍝ 732 960
