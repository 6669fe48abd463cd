⍝ ⍺←default in a dfn: the default applies only when the dfn is applied monadically (Dyalog).
f←{⍺←10 ⋄ ⍺+⍵}
f 1
2 f 1
g←{⍺←⍵ ⋄ ⍺×⍵}
g 3
4 g 3
h←{⍺←1 2 3
  ⍺+⍵}
h 10
⍝ == expected
⍝ 11
⍝ 3
⍝ 9
⍝ 12
⍝ 11 12 13
