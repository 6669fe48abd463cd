⍝ Scans and reductions of operators exact in any order (integer +, ⌈ ⌊, the boolean ones) along
⍝ more than 1024 items. The OpenMP target scans such vectors in three passes over blocks of 1024
⍝ items when it runs them on threads (docs/openmp.md), the OpenCL target always (the passes'
⍝ totals: the structure line), and every compiled target reduces them in
⍝ blocks: each item must be what the one left-to-right pass gives. Each line compares items at
⍝ and around the block boundaries with a definition that does not scan (prints 1).
n ← 5000
k ← 1 2 1023 1024 1025 1026 2048 2049 4999 5000
v ← ¯2500 + n|7919×⍳n
s ← +\v
⎕ ← s[k]
⎕ ← s[k] ≡ {+/⍵↑v}¨k
⎕ ← (1↓s) ≡ (¯1↓s) + 1↓v
⎕ ← (⌈\v)[k] ≡ {⌈/⍵↑v}¨k
⎕ ← (⌊\v)[k] ≡ {⌊/⍵↑v}¨k
d ← v ÷ 7
⎕ ← (⌈\d)[k] ≡ {⌈/⍵↑d}¨k
⎕ ← (⌊\d)[k] ≡ {⌊/⍵↑d}¨k
b ← v > 2490
⎕ ← b ⍳ 1
⎕ ← (∨\b) ≡ (⍳n) ≥ b⍳1
⎕ ← (∧\~b) ≡ (⍳n) < b⍳1
⎕ ← (≠\b)[k] ≡ 2|{+/⍵↑b}¨k
⎕ ← (=\b)[k] ≡ {=/⍵↑b}¨k
⎕ ← (⌈/v) (⌊/v) (⌈/d) (⌊/d) (∨/b) (∧/b) (≠/b) (=/b)
⍝ A scan whose first overflow is in the second block, with another in the fourth: a DOMAIN ERROR.
⍝ Before it, an argument's own error (an INDEX ERROR in the fifth block) comes first, as APL
⍝ evaluates the argument whole before it scans.
w ← n ⍴ 1
w[1500 3500] ← 9223372036854775000
⎕ ← +/ +\ w × (⍳n) < 1400
i ← ⍳n
i[4500] ← 9999
+\ w[i]
⍝ == expected
⍝ 419 ¯1243 ¯10356 ¯8800 ¯9325 ¯6931 ¯9256 ¯10725 0 ¯2500
⍝ 1
⍝ 1
⍝ 1
⍝ 1
⍝ 1
⍝ 1
⍝ 889
⍝ 1
⍝ 1
⍝ 1
⍝ 1
⍝ 2499 ¯2500 357 ¯357.1428571 1 0 1 0
⍝ 6017099
⍝ error: INDEX ERROR
⍝ structure on opencl: at least 2 "totals_"
