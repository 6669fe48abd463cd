⍝○ f : <int ρ → int
f ← {+/⍵}
