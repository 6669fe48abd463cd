⍝ Comparisons give booleans, on numbers and characters.
1 2 3<2
1 2 3=1 5 3
'abc'='abd'
3≠3 4
2.5≥2 3
'a'=1
⍝ == expected
⍝ 1 0 0
⍝ 1 0 1
⍝ 1 1 0
⍝ 0 1
⍝ 1 0
⍝ 0
