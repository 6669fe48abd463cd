⍝ Tradfns localize names dynamically (Dyalog): G, called from F, reads F's local x; called at top
⍝ level, the global x; a dfn defined at top level, called from H, reads H's local.
x←1
∇ r←G
  r←x
∇
∇ r←F;x
  x←2
  r←G
∇
F
G
h←{x}
∇ r←H;x
  x←3
  r←h 0
∇
H
⍝ == expected
⍝ 2
⍝ 1
⍝ 3
