⍝ Source: APLX Help, "⊥ Decode" (MicroAPL, https://www.microapl.com/apl_help/ch_020_020_660.htm),
⍝ examples with vector arguments. Unchanged.
10⊥3 2 6 9
8⊥3 1
1760 3 12⊥1 2 8
2 2 2⊥1
0 20 12 4⊥2 15 6 3
⍝ == expected
⍝ 3269
⍝ 25
⍝ 68
⍝ 7
⍝ 2667
