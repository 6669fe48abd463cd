⍝ Guards whose condition and branches fold to constants (issue 17, group 1): constant folding
⍝ gives one branch a singleton type (S(int,1)) and the other an array type; cond's type is
⍝ their join.
f1←{⍵:⍵ ⋄ 1}
f1 ~0
f2←{⍵-⍵:×⍵ ⋄ ⍵}
f2 1
f3←{⍺<⍺:4≥⍵ ⋄ ⍵}
1 f3 ¯5
f4←{⍵:×63 ⋄ ⍺}
(1 4⍴1) f4¨ 1 4⍴1
⍝ == expected
⍝ 1
⍝ 1
⍝ ¯5
⍝ 1 1 1 1
