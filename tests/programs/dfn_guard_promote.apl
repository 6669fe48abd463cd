⍝ Guard results of different types join (int and double).
f←{⍵>0:⍵ ⋄ 0.5}
f +/1 2
f +/¯1 0
⍝ == expected
⍝ 3
⍝ 0.5
