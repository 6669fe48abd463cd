⍝ Source: APLX Help, "⌽ Rotate" (MicroAPL, https://microapl.com/apl_help/ch_020_020_520.htm).
⍝ Changed: TABLE is built with ⍴ from the values the page shows; both 3⌽TABLE and the
⍝ equivalent 3⌽[2]TABLE are printed.
1⌽1 2 3 4 5 6
3⌽'ABCDEFGH'
TABLE←2 5⍴1 2 3 4 5 6 7 8 9 0
3⌽TABLE
3⌽[2]TABLE
¯2⌽'ABCDEFGH'
⍝ == expected
⍝ 2 3 4 5 6 1
⍝ DEFGHABC
⍝ 4 5 1 2 3
⍝ 9 0 6 7 8
⍝ 4 5 1 2 3
⍝ 9 0 6 7 8
⍝ GHABCDEF
