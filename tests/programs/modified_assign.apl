⍝ Modified assignment (Dyalog): x f←v is x←x f v; x[i] f←v modifies the selected elements one after
⍝ the other in ravel order, so a repeated index is modified again (Dyalog Language Reference,
⍝ "Assignment (Indexed Modified)": the A and B examples below are its own). It updates the variable
⍝ where it is defined, as indexed assignment does.
x←5
x+←1
x
x×←3
x
x⌈←100
x
v←1 2 3
v,←4 5
v
v[2]+←10
v
v[1 3]×←2
v
v[1 1]+←1
v
m←2 2⍴0
m[1;]+←5 6
m[;2]-←1
m
s←'ab'
s,←'cd'
s
f←{⍺-⍵}
x f←8
x
x{⍺÷⍵}←4
x
n←0
r←{n+←⍵}3
n,r
t←{a←⍵ ⋄ a+←1 ⋄ a×2}4
t
A←1 2 3 4 5
A[2 4]+←1
A
A[3]÷←2
A
B←3 5⍴0
B[1 1 3;1 3 3 5]+←1
B
b←1 0 1
b[2]+←5
b
b[3]⊢←9
b
g←{(⊃⍵)>5: ⍵ ⋄ x←⍵ ⋄ x+←1 ⋄ x[1]×←10 ⋄ x}
(g 3 4),g 7 8
⍝ == expected
⍝ 6
⍝ 18
⍝ 100
⍝ 1 2 3 4 5
⍝ 1 12 3 4 5
⍝ 2 12 6 4 5
⍝ 4 12 6 4 5
⍝ 5  5
⍝ 0 ¯1
⍝ abcd
⍝ 92
⍝ 23
⍝ 3 3
⍝ 10
⍝ 1 3 3 5 5
⍝ 1 3 1.5 5 5
⍝ 2 0 4 0 2
⍝ 0 0 0 0 0
⍝ 1 0 2 0 1
⍝ 1 5 1
⍝ 1 5 9
⍝ 40 5 7 8
