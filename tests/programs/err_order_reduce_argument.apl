⍝ A reduction versus its argument: the right fold adds the last items first and overflows
⍝ before it reads item 1, whose index is out of range; the interpreter indexes first.
+/(3⍴4611686018427387904)[9 1 2]
⍝ == expected
⍝ error: 3:26: INDEX ERROR
