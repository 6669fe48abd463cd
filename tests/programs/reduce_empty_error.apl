⍝ ⌈/ of integers whose axis is empty only at run time: Dyalog's ¯1.797693135E308 is a double,
⍝ which the int result cannot hold: a DOMAIN ERROR, never a silent wrong answer.
n←+/0 0
⌈/n⍴3
⍝ == expected
⍝ error: DOMAIN ERROR
