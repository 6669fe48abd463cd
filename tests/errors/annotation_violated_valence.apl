⍝○ add : int → int → int
add ← {⍺+⍵}
add 3
