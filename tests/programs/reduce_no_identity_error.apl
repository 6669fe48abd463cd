⍝ Reducing an empty vector with a function that has no identity item is a DOMAIN ERROR (Dyalog).
n←+/0 0
{⍺+⍵}/n⍴3
⍝ == expected
⍝ error: DOMAIN ERROR
