⍝ Monadic ⍕ of a matrix (and higher rank) is a character array of the displayed rows.
f ← ⍕ 2 3 ⍴ 1 2 3 4 5 6
f
⍴ f
f[2;]
⍕ 2 2 ⍴ 1.5 10 2 3
⍕ 2 2 ⍴ ¯1 2 3 ¯40
⍴ ⍕ 2 2 3 ⍴ ⍳ 12
⍴ ⍕ 2 3 ⍴ 'abcdef'
⍝ == expected
⍝ 1 2 3
⍝ 4 5 6
⍝ 2 5
⍝ 4 5 6
⍝ 1.5 10
⍝ 2    3
⍝ ¯1   2
⍝  3 ¯40
⍝ 2 2 8
⍝ 2 3
