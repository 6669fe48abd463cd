⍝ Dyadic transpose whose axes, known only at run time, are not a permutation: DOMAIN ERROR.
p←1+0×⍳+/1 1
p⍉2 3⍴⍳6
⍝ == expected
⍝ error: DOMAIN ERROR
