⍝ Power with an argument whose length grows each iteration.
fibo←{(,⍵),+/¯2↑,⍵}
(fibo⍣5)0 1
fib←{(fibo⍣⍵)0 1}
fib 8
⍝ == expected
⍝ 0 1 1 2 3 5 8
⍝ 0 1 1 2 3 5 8 13 21 34
