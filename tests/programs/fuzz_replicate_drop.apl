⍝ Drops of replicate and compress results, then updated, replicated or reduced (issue 17,
⍝ group 3): the loop bound `n ≤ 1 ? 0 : n - 1` must be parenthesised in C.
v←1↓2 2/5 6
v[1]←7
v
w←¯1↓,0 1 0/3 3⍴5
w[1]←7
w
(5⍴1)/3↓2 3 3/1 2 3
∨/((,¯1)↓(3⍴1)⌿' y ')≠'a'
3/(,¯3)↓(,4)/,2
v1←3↓(2⍴3)⌿'by'
v1[2⍴2]←'a'
v1
(1/(,1)↓(3⍴1)⌿'Bz ')[4⍴1]
⍝ == expected
⍝ 7 6 6
⍝ 7 5
⍝ 2 2 3 3 3
⍝ 1
⍝ 2 2 2
⍝ yay
⍝ zzzz
