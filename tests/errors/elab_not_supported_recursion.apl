fact ← {⍵ ≤ 1: 1 ⋄ ⍵ × ∇ ⍵ - 1}
fact 5
