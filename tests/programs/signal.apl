⍝ The thesis's signal example (Example 3.1).
diff←{1↓⍵-¯1⌽⍵}
signal←{¯50⌈50⌊50×(diff 0,⍵)÷0.01+⍵}
+/signal ⍳100
⍝ == expected
⍝ 258.5573404
