⍝○ signal : <double>ρ → <double>ρ
signal ← {⍵×2}
signal 1 2 3
