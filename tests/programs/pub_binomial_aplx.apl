⍝ Source: APLX Help, "! Binomial" (MicroAPL, https://www.microapl.com/apl_help/ch_020_020_260.htm),
⍝ two-argument form with positive arguments. Unchanged except that the tables are assigned
⍝ in statements of their own.
2!4
3!20
2!6 12 20
TABLE1←2 3⍴⍳6
TABLE2←2 3⍴3 6 9 12 15 18
TABLE1!TABLE2
⍝ == expected
⍝ 6
⍝ 1140
⍝ 15 66 190
⍝   3   15    84
⍝ 495 3003 18564
