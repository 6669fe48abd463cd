⍝ Primes: the primes up to N by counting divisors with an N×N outer product of residues
⍝ (apltail's primes.apl; the thesis shows this program for 10000). Prints how many primes there
⍝ are and their sum.
⍝ Sizes: N=1000 (test), N=10000 (the program in the thesis text; its Table 3.1 says 100.000,
⍝ which would be a 10^10-item outer product, see README).
N ← 1000

A ← 1↓⍳N
primes ← (1=+⌿0=A∘.|A)/A
⎕ ← (⍴primes), +/primes
