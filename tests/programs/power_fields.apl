⍝ A power whose state is a few fields at one point (per-point power, no point axes): the fields'
⍝ next values are computed from the old ones before any is assigned (a rotation of the fields).
({1⌽⍵}⍣9)2 3⍴⍳6
({1⌽⍵}⍣11)2 3⍴⍳6
({⌽⍵}⍣13)1 2 3 4
({1⊖⍵}⍣10)3 2⍴⍳6
⍝ == expected
⍝ 1 2 3
⍝ 4 5 6
⍝ 3 1 2
⍝ 6 4 5
⍝ 4 3 2 1
⍝ 3 4
⍝ 5 6
⍝ 1 2
