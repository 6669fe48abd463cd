⍝○ g : int
f ← {⍵}
