⍝ As err_order_each_elements.apl, for a dyadic each read in reverse: the elements 15 and 9 fail
⍝ with different errors, and ⌽ reads 15 first; 9's error is reported (the interpreter's).
g←{⍺=15:⍵÷0 ⋄ ⍺=9:(⍳3)[⍵] ⋄ ⍺+⍵}
⌽(⍳20)g¨⍳20
⍝ == expected
⍝ error: INDEX ERROR
