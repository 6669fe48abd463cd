⍝ ⍲ has no identity item: reducing an empty vector with it is a DOMAIN ERROR (at run time).
1 2
⍲/0⍴1=1
⍝ == expected
⍝ 1 2
⍝ error: DOMAIN ERROR
