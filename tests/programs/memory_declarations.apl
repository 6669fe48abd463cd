⍝ Memory that a move fills is declared, not allocated: a guard's array result of either shape,
⍝ a recursive function's array result, and the middle variable of a double-buffered power
⍝ loop's swap. No allocation of no elements is left to stand for a declaration.
pick←{⍵>5:⍳⍵ ⋄ 0.5×⍳⍵+1}
n←+/9⍴1
⎕←+/pick n
⎕←pick n-6
⎕←pick n-2
upto←{⍵≤1:,⍵ ⋄ (∇ ⍵-1),⍵×⍵}
⎕←upto 6
⎕←{1⌽⍵+⍳⍴⍵}⍣4⊢10⍴0
⍝ == expected
⍝ 45
⍝ 0.5 1 1.5 2
⍝ 1 2 3 4 5 6 7
⍝ 1 4 9 16 25 36
⍝ 14 18 22 26 30 34 28 22 16 10
⍝ structure: exactly 0 "alloc int[0]"
⍝ structure: exactly 0 "alloc double[0]"
⍝ structure: at least 6 "no block yet"
