f ← {⍵}
⍝: int → int
f 1
