f ← {⍵ + later ⍵}
later ← {⍵ × 2}
⎕ ← f 3
