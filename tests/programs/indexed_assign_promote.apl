⍝ Assigning a double into an integer vector promotes it.
v←1 2 3
v[2]←2.5
v
c←'abc'
c[2]←'X'
c
⍝ == expected
⍝ 1 2.5 3
⍝ aXc
