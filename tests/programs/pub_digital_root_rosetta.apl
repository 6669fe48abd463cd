⍝ Rosetta Code, "Digital root": the additive persistence and digital root of 627615 (2 9), 39390
⍝ (2 6), 588225 (2 3) and 393900588225 (2 9). Tradfns with :While loops, one calling the other.
∇ r←DigitSum n
  r←0
  :While n>0
    r+←10|n
    n←⌊n÷10
  :EndWhile
∇
∇ r←DigitalRoot n;p
  p←0
  :While n≥10
    n←DigitSum n
    p+←1
  :EndWhile
  r←p n
∇
DigitalRoot 627615
DigitalRoot 39390
DigitalRoot 588225
DigitalRoot 393900588225
⍝ == expected
⍝ 2 9
⍝ 2 6
⍝ 2 3
⍝ 2 9
