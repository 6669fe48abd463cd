⍝ Rosetta Code, "Perfect numbers": 6, 28 and 496 are the perfect numbers below 1000 (the sum of
⍝ their proper divisors is themselves). A :For loop over the candidates, collecting with :If.
∇ r←IsPerfect n;d
  d←⍳n-1
  r←n=+/(0=d|n)/d
∇
∇ r←Perfect limit;i
  r←⍬
  :For i :In 1↓⍳limit
    :If IsPerfect i
      r←r,i
    :EndIf
  :EndFor
∇
Perfect 1000
⍝ == expected
⍝ 6 28 496
