⍝ Scans of - ÷ ⍲ ⍱ computed in linear time (docs/semantics.md, "scan"): the alternating sum, the
⍝ alternating product with the right fold's zeros, the composition of boolean maps. Each agrees
⍝ with the right fold of every prefix ({⍺-⍵×1}\ is a dfn scan, computed as defined).
-\1 2 3 4 5
-\2 3⍴⍳6
-⍀3 2⍴⍳6
⍴-\⍬
⍴-\2 0⍴0
-\0.5 0.25 0.125
v←(⍳57)×¯1*⍳57
(-\v)≡{⍺-⍵×1}\v
m←5 7⍴v
(-\m)≡{⍺-⍵×1}\m
(-⍀m)≡{⍺-⍵×1}⍀m
a←×/62⍴2
(-\0,a,-a)≡0,(-a),¯2×a
÷\1 2 3 4
÷\0 0 5 2
÷\0 0 0 5 2
÷\0 4 2
÷\,0
,÷\2 3⍴1 2 4 0 0 3
,÷⍀3 2⍴2 0 4 0 8 5
w←(1+⍳40)÷7
1E¯12>⌈/|1-(÷\w)÷{⍺÷⍵×1}\w
1E¯12>⌈/|(-\w)-{⍺-⍵×1}\w
z←0 0 0 1.5 2 3
(÷\z)≡{⍺÷⍵×1}\z
⍲\1=1 1 1 1 0
⍱\1=0 0 1 0
b←1=40⍴1 1 0 1 0 0 1 1 1 0 1
(⍲\b)≡{~⍺∧⍵}\b
(⍱\b)≡{~⍺∨⍵}\b
(⍲⍀3 4⍴b)≡{~⍺∧⍵}⍀3 4⍴b
⍝ == expected
⍝ 1 ¯1 2 ¯2 3
⍝ 1 ¯1 2
⍝ 4 ¯1 5
⍝  1  2
⍝ ¯2 ¯2
⍝  3  4
⍝ 0
⍝ 2 0
⍝ 0.5 0.25 0.375
⍝ 1
⍝ 1
⍝ 1
⍝ 1
⍝ 1 0.5 1.5 0.375
⍝ 0 1 1 1
⍝ 0 1 0 0 0
⍝ 0 0 0
⍝ 0
⍝ 1 0.5 2 0 1 1
⍝ 2 0 0.5 1 4 1
⍝ 1
⍝ 1
⍝ 1
⍝ 1 0 1 0 0
⍝ 0 1 1 0
⍝ 1
⍝ 1
⍝ 1
