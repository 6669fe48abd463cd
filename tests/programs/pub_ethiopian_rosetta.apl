⍝ Rosetta Code, "Ethiopian multiplication": 17 × 34 by halving, doubling and keeping the rows
⍝ whose left number is odd gives 578. A dyadic tradfn with :While and :If.
∇ r←a EthMul b
  r←0
  :While a≥1
    :If 2|a
      r+←b
    :EndIf
    a←⌊a÷2
    b←b×2
  :EndWhile
∇
17 EthMul 34
12 EthMul 0
1 EthMul 99
⍝ == expected
⍝ 578
⍝ 0
⍝ 99
