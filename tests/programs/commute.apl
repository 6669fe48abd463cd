⍝ Commute swaps arguments, or duplicates the right one.
2-⍨10
+⍨3
×⍨1 2 3
⍝ == expected
⍝ 8
⍝ 6
⍝ 1 4 9
