⍝ Two different errors compete; every path reports the interpreter's (the first primitive in its
⍝ evaluation order): the left argument's ÷ fails on element 1, the right argument's index on
⍝ element 3, and the right argument is evaluated first.
(÷0 1 2)+(⍳3)[1 2 5]
⍝ == expected
⍝ error: 4:14: INDEX ERROR
