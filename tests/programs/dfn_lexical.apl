⍝ Lexical scope: dfns see the variables of where they are defined.
a←10
f←{a+⍵}
f 1
g←{b←⍵ ⋄ h←{b×⍵} ⋄ h 3}
g 2
k←{a←⍵ ⋄ a+1}
k 5
a
⍝ == expected
⍝ 11
⍝ 6
⍝ 6
⍝ 10
