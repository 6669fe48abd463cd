⍝ Power with a count known only at run time, and a left argument.
n←+/1 2
({⍵×2}⍣n)1
3({⍺+⍵}⍣n)0
⍝ == expected
⍝ 8
⍝ 9
