⍝ Benchmark (small size): Sieve: the primes up to N by the sieve of Eratosthenes, written as APL programmers write it with
⍝ control structures (Rosetta Code's "Sieve of Eratosthenes" in its loop form): a tradfn whose
⍝ :For loop runs over the candidates 2..⌊√N and whose :If sets the multiples of each prime to 0
⍝ by indexed assignment. Loops over an array the program updates element by element: the
⍝ compiler must keep the flags in one block, not copy them per element or per iteration.
⍝ Prints the number of primes up to N and the largest.
⍝ Sizes: N=10000 (test), N=10000000.
N ← 10000

∇ f ← sieve n;p
  f ← n⍴1
  f[1] ← 0
  :For p :In 1↓⍳⌊n*0.5
    :If f[p]
      f[p×1↓⍳⌊n÷p] ← 0
    :EndIf
  :EndFor
∇

s ← sieve N
⎕ ← (+/s), ⌈/s×⍳N
⍝ == expected
⍝ 1229 9973
