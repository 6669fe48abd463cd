⍝ A reduction's eager check versus an error of the other argument (found by tests/fuzz, seed
⍝ 313691): the right argument of | (the overflow in +.⌈) is evaluated before ⌈/ of an empty
⍝ axis raises its DOMAIN ERROR.
(⌈/({0<⊃,⍵:1⌽⍵ ⋄ ⍵}¨(1 0⍴⍬)))|(0↓((2 3⍴4 ¯2 9)+.⌈(3⍴4611686018427387904 4)))
⍝ == expected
⍝ error: 4:48: DOMAIN ERROR
