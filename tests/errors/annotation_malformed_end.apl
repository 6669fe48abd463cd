⍝○ f : [int]1 → [int]1 →
f ← {⍵}
