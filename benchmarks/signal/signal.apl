⍝ Signal: clip the relative change of a signal to [¯50,50] and sum it (apltail's signal.apl).
⍝ Sizes: N=100 (corpus), N=50000000 (thesis Tables 3.5 and 3.6).
N ← 100

diff ← {1↓⍵-¯1⌽⍵}
signal ← {¯50⌈50⌊50×(diff 0,⍵)÷0.01+⍵}

⎕ ← +/ signal ⍳ N
