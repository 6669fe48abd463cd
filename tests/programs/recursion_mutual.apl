⍝ Functions that call each other by name are recursive functions too (a TAIL letrec each, one
⍝ inside the other). Rosetta Code, "Mutual recursion": Hofstadter's Female and Male sequences,
⍝ F(0)=1, M(0)=0, F(n)=n-M(F(n-1)), M(n)=n-F(M(n-1)), whose first 20 terms the task states;
⍝ and parity by mutual recursion.
F←{⍵=0:1 ⋄ ⍵-M F ⍵-1}
M←{⍵=0:0 ⋄ ⍵-F M ⍵-1}
F¨¯1+⍳20
M¨¯1+⍳20
even←{⍵=0:1 ⋄ odd ⍵-1}
odd←{⍵=0:0 ⋄ even ⍵-1}
even¨0 1 2 7 10
⍝ == expected
⍝ 1 1 2 2 3 3 4 5 5 6 6 7 8 8 9 9 10 11 11 12
⍝ 0 0 1 2 2 3 4 4 5 6 6 7 7 8 9 9 10 11 11 12
⍝ 1 0 1 0 1
