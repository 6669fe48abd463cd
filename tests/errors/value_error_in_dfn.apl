f ← {⍵ + later ⍵}
⎕ ← f 3
later ← {⍵ × 2}
