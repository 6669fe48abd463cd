⍝ A dfn has no identity item: reducing an empty axis of a matrix with it is a DOMAIN ERROR.
{⍺+⍵}/2 0⍴1
⍝ == expected
⍝ error: DOMAIN ERROR
