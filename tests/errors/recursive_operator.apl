op ← {⍺⍺ op ⍵}
⎕ ← - op 3
