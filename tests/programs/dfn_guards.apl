⍝ Guards choose among results at run time (TAIL cond).
sgn←{⍵<0:¯1 ⋄ ⍵=0:0 ⋄ 1}
x←¯5 0 7
sgn x[1]
sgn x[2]
sgn x[3]
f←{⍵>0:⍵⍴1 ⋄ ⍳3}
f +/1 1
f +/0 0
⍝ == expected
⍝ ¯1
⍝ 0
⍝ 1
⍝ 1 1
⍝ 1 2 3
