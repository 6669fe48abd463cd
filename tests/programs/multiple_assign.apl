⍝ Multiple assignment (Dyalog Language Reference, "Assignment (Multiple)"): each name gets its
⍝ item of a vector or of a strand; a scalar is given to every name. Its value is the value.
a b←1 2
a
b
r c←⍴3 4⍴0
r×c
x y z←5
x+y+z
p q←'ab'
q p
s t←1 (2 3)
t
⎕←m n←7 8
m-n
f←{⍵+1}
f u v←10 20
u v
{lo hi←⍵ ⋄ hi-lo}3 10
⍝ == expected
⍝ 1
⍝ 2
⍝ 12
⍝ 15
⍝ ba
⍝ 2 3
⍝ 7 8
⍝ ¯1
⍝ 11 21
⍝ 10 20
⍝ 7
