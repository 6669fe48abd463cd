⍝ Reduction with a dfn (no identity item): folded from the right.
{⍺+2×⍵}/1 2 3
{⍵-⍺}/1 2 3
{⍺⌈⍵}/3 9 2
⍝ == expected
⍝ 17
⍝ 0
⍝ 9
