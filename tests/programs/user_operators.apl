⍝ User-defined monadic and dyadic operators.
twice←{⍺⍺ ⍺⍺ ⍵}
{⍵×3}twice 2
op←{(⍺⍺ ⍺)⍵⍵ ⍵}
3 - op × 5
on←{(⍵⍵ ⍺)⍺⍺(⍵⍵ ⍵)}
3 + on {⍵×⍵} 4
⍝ == expected
⍝ 18
⍝ ¯15
⍝ 25
