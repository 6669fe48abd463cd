⍝ Recursive functions applied to each element of a vector: the loop over the elements stays
⍝ parallel (laila/ir/ParallelCalls.h), each thread counting its own recursion depth. An error
⍝ raised inside a recursive call is its element's: the earliest failing element's is reported,
⍝ whichever thread fails first (backend/runtime/aplc_runtime.h, aplc_trap).
fib←{⍵≤1:⍵ ⋄ (∇⍵-1)+∇⍵-2}
fib¨⍳15
collatz←{⍵=1:0 ⋄ 0=2|⍵:1+∇⍵÷2 ⋄ 1+∇1+3×⍵}
collatz¨⍳20
upto←{⍵≤1:,⍵ ⋄ (∇ ⍵-1),⍵×⍵}
{+/upto ⍵}¨⍳8
gcd←{⍵=0:⍺ ⋄ ⍵∇⍵|⍺}
(⍳12)gcd¨12
deep←{⍵=0:0 ⋄ 1+∇⍵-1}
deep¨100×⍳5
g←{⍵=0:0 ⋄ ⍵=15:⍵÷0 ⋄ ⍵=9:(⍳3)[⍵] ⋄ ∇ 0}
+/g¨⍳20
⍝ == expected
⍝ 1 1 2 3 5 8 13 21 34 55 89 144 233 377 610
⍝ 0 1 7 2 5 8 16 3 19 6 14 9 9 17 17 4 12 20 20 7
⍝ 1 5 14 30 55 91 140 204
⍝ 1 2 3 4 1 6 1 4 3 2 1 12
⍝ 100 200 300 400 500
⍝ error: INDEX ERROR
