⍝ Source: Roger Hui, "APL Exercises" (Dyalog blog, 2016-09-30), 2.0 Factorial and
⍝ 2.1 Fibonacci Numbers: the stated results of fac¨ 5 6 7 8, fac 0, fib¨ 5 6 7 8, fib 0, fib 1.
⍝ The exercise asks for the functions; these are non-recursive solutions (aplc has no
⍝ recursion other than tail calls): fac is the product of ⍳⍵, fib iterates the pair (a b)→(b, a+b) ⍵ times.
fac←{×/⍳⍵}
fib←{⊃{(1↓⍵),+/⍵}⍣⍵⊢0 1}
fac¨ 5 6 7 8
fac 0
fib¨ 5 6 7 8
fib 0
fib 1
⍝ == expected
⍝ 120 720 5040 40320
⍝ 1
⍝ 5 8 13 21
⍝ 0
⍝ 1
