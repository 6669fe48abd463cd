⍝ General recursion: dfns and tradfns that call themselves other than by tail calls run as TAIL
⍝ recursive functions (letrec) and compiled C functions. The Ackermann function (Rosetta Code,
⍝ "Ackermann function": A(2,3) is 9, A(3,3) is 61), Fibonacci numbers (Rosetta Code, "Fibonacci
⍝ sequence", the recursive dfn), factorials (Dyalog's dfns workspace's classic `fact`),
⍝ binomial coefficients by Pascal's rule, the Towers of Hanoi move count as a tradfn with :If,
⍝ a recursive sum and maximum of a vector argument (arrays as arguments, scalar results), a
⍝ recursive binary search, a function reading a global array, one whose argument widens from
⍝ int to double (a second, double version of it), and recursion inside each.
ack←{⍺=0:⍵+1 ⋄ ⍵=0:(⍺-1)∇ 1 ⋄ (⍺-1)∇ ⍺ ∇ ⍵-1}
2 ack 3
3 ack 3
fib←{⍵<2:⍵ ⋄ (∇ ⍵-1)+∇ ⍵-2}
fib 20
fib¨⍳12
fact←{⍵≤1:1 ⋄ ⍵×∇ ⍵-1}
fact 20
binom←{(⍺=0)∨⍺=⍵:1 ⋄ ((⍺-1)∇ ⍵-1)+⍺ ∇ ⍵-1}
2 binom 5
4 binom 10
∇ r←Hanoi n
  r←0
  :If n>0
    r←1+2×Hanoi n-1
  :EndIf
∇
Hanoi¨⍳10
sum←{0=≢⍵:0 ⋄ (⊃⍵)+∇ 1↓⍵}
sum 3 1 4 1 5 9 2 6
max←{1=≢⍵:⊃⍵ ⋄ (⊃⍵)⌈∇ 1↓⍵}
max 3 1 4 1 5 9 2 6
search←{⍝ the position of ⍺ in the sorted vector ⍵, 0 if absent
  0=≢⍵:0
  m←⌈(≢⍵)÷2
  ⍺=⍵[m]:m
  ⍺<⍵[m]:⍺ ∇(m-1)↑⍵
  r←⍺ ∇ m↓⍵
  r=0:0
  m+r
}
2 3 5 7 11 13 17 19 23∘{⍵ search ⍺}¨7 2 23 4
w←10 20 30 40
sumw←{⍵=0:0 ⋄ (w[⍵])+∇ ⍵-1}
sumw 4
halves←{⍵<1:⍵ ⋄ 1+∇ ⍵÷2}
halves 100
⍝ == expected
⍝ 9
⍝ 61
⍝ 6765
⍝ 1 1 2 3 5 8 13 21 34 55 89 144
⍝ 2432902008176640000
⍝ 10
⍝ 210
⍝ 1 3 7 15 31 63 127 255 511 1023
⍝ 31
⍝ 9
⍝ 4 1 9 0
⍝ 100
⍝ 7.78125
