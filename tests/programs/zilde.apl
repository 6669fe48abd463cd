⍝ The empty numeric vector and reductions of it.
⍴⍬
+/⍬
×/⍬
∧/⍬
∨/⍬
⍴0⍴5
⍝ == expected
⍝ 0
⍝ 0
⍝ 1
⍝ 1
⍝ 0
⍝ 0
