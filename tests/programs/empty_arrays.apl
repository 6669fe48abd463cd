⍝ Empty matrices keep their shape; reductions give identities.
⍴0 3⍴0
+⌿0 3⍴0
⍴+/0 3⍴0
⍴1↓,5
⍴0↑1 2
⍝ == expected
⍝ 0 3
⍝ 0 0 0
⍝ 0
⍝ 0
⍝ 0
