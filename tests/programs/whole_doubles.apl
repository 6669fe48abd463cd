⍝ Whole numbers held as doubles are integers wherever an integer is needed (Dyalog): folded at
⍝ compile time when known, converted at run time (d2iw) otherwise, within the comparison tolerance.
v←⍳10
n←+/2 2
(n÷2)↑v
(4÷2)⍴1
≢⍳2*17
2*17
x←10 20 30 40
x[(≢x)÷2]
3.0⍴1
(6÷2)⌽⍳5
x[1.0 2.0]
(+/3 3÷2)↓v
(2÷1)/1 2
(1+1E¯15)⍴7
x[(≢x)÷2]←0
x
m←2 3⍴⍳6
m[2÷1;(n×3)÷4]
⍝ == expected
⍝ 1 2
⍝ 1 1
⍝ 131072
⍝ 131072
⍝ 20
⍝ 1 1 1
⍝ 4 5 1 2 3
⍝ 10 20
⍝ 4 5 6 7 8 9 10
⍝ 1 1 2 2
⍝ 7
⍝ 10 0 30 40
⍝ 6
