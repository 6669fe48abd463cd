⍝ The thesis's Figure 3.5: inner product as an APL operator (reshape and transpose).
dot ← {
  WA ← (1↓⍴⍵),⍴⍺
  KA ← (⊃⍴⍴⍺)-1
  VA ← ⍳⊃⍴WA
  ZA ← (KA⌽¯1↓VA),¯1↑VA
  TA ← ZA⍉WA⍴⍺
  WB ← (¯1↓⍴⍺),⍴⍵
  KB ← ⊃⍴⍴⍺
  VB ← ⍳⊃⍴WB
  ZB0 ← (-KB)↓KB⌽⍳⊃⍴VB
  ZB ← (¯1↓⍳KB),ZB0,KB
  TB ← ZB⍉WB⍴⍵
  ⍺⍺/TA ⍵⍵ TB
}
A ← 3 2⍴⍳5
B ← ⍉A
R ← A + dot × B
R
×/+/R
⍝ == expected
⍝  5 11  7
⍝ 11 25 19
⍝  7 19 26
⍝ 65780
