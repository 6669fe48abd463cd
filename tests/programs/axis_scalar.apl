⍝ A scalar dyadic function with an axis (Dyalog, "Axis with Dyadic Scalar Functions"): the vector
⍝ argument lies along axis k of the other, as in m×[1]v (each row times its item) and m÷[1]+/m
⍝ (rows normalized); in ⎕IO 0 too, and on rank 3.
m←2 3⍴⍳6
m×[1]10 100
m+[2]10 20 30
10 100×[1]m
m-[1]1 2
a←2 3 4⍴⍳24
⍴a+[2]100 200 300
(a+[2]100 200 300)[2;3;4]
m÷[1]+/m
⎕IO←0
m+[0]10 20
⍝ == expected
⍝  10  20  30
⍝ 400 500 600
⍝ 11 22 33
⍝ 14 25 36
⍝  10  20  30
⍝ 400 500 600
⍝ 0 1 2
⍝ 2 3 4
⍝ 2 3 4
⍝ 324
⍝ 0.1666666667 0.3333333333 0.5
⍝ 0.2666666667 0.3333333333 0.4
⍝ 11 12 13
⍝ 24 25 26
