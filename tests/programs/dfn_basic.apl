⍝ Dfns: monadic, dyadic, several statements with locals.
f←{⍵+1}
f 3
g←{⍺×⍵}
3 g 4
h←{
  a←⍵×2
  b←a+1
  a×b
}
h 3
⍝ == expected
⍝ 4
⍝ 12
⍝ 42
