⍝ ⎕IO ← 0 and ⎕IO ← 1: every primitive that takes or gives an index follows it (Dyalog Language
⍝ Reference, "Index Origin": ⍳, indexing, ⍋ ⍒, ? and ⍸ give and take ⎕IO-based indices; dyadic ⍳
⍝ gives ⎕IO+≢⍺ for what it does not find).
⎕IO
⎕IO←0
⎕IO
⍳5
v←10 20 30 40
v[0]
v[1 3]
m←2 3⍴⍳6
m
m[1;2]
m[0;]
m[;0 2]
v[2]←99
v
m[1;0]←7
m
'abcd'⍳'ca'
'abc'⍳'z'
⍋3 1 2
⍒3 1 2
2⊃v
1⌷v
1 0⌷m
1 0⍉m
⍸1 0 1 1
y←3?3
y[⍋y]
r←?1000⍴6
(⌊/r),⌈/r
f←{⍳⍵}
f 3
⎕IO←1
⍳3
g←{⎕IO←0 ⋄ ⍵[0],⍳3}
g 7 8 9
⍳3
⎕IO
k←{⍵>0: ⎕IO ⋄ ⎕IO←0 ⋄ ⎕IO}
(k 1),(k 0),⎕IO
h←{⎕IO←0 ⋄ f ⍵}
h 2
f 2
⍝ == expected
⍝ 1
⍝ 0
⍝ 0 1 2 3 4
⍝ 10
⍝ 20 40
⍝ 0 1 2
⍝ 3 4 5
⍝ 5
⍝ 0 1 2
⍝ 0 2
⍝ 3 5
⍝ 10 20 99 40
⍝ 0 1 2
⍝ 7 4 5
⍝ 2 0
⍝ 3
⍝ 1 2 0
⍝ 0 2 1
⍝ 99
⍝ 20
⍝ 7
⍝ 0 7
⍝ 1 4
⍝ 2 5
⍝ 0 2 3
⍝ 0 1 2
⍝ 0 5
⍝ 0 1 2
⍝ 1 2 3
⍝ 7 0 1 2
⍝ 1 2 3
⍝ 1
⍝ 1 0 1
⍝ 0 1
⍝ 1 2
