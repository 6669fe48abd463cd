⍝ A recursive function whose result is an array runs in the interpreter only.
up←{⍵=0:⍬ ⋄ (∇ ⍵-1),⍵}
up 5
