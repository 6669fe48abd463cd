⍝ An index that is not a whole number is a DOMAIN ERROR (at run time: d2iw).
v ← ⍳ 5
v[2.0]
v[1.5]
⍝ == expected
⍝ 2
⍝ error: DOMAIN ERROR
