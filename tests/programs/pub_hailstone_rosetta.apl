⍝ Rosetta Code, "Hailstone sequence": the sequence of 27 has 112 elements, starting 27 82 41 124
⍝ and ending 8 4 2 1; below 1000, 871 has the longest sequence (179 elements). Written as
⍝ tradfns with :While, :If/:Else and :For.
∇ r←Hailstone n
  r←,n
  :While n≠1
    :If 0=2|n
      n←n÷2
    :Else
      n←1+3×n
    :EndIf
    r←r,n
  :EndWhile
∇
∇ r←Longest limit;i;len;best;bestLen
  best←1 ⋄ bestLen←1
  :For i :In ⍳limit-1
    len←≢Hailstone i
    :If len>bestLen
      best←i ⋄ bestLen←len
    :EndIf
  :EndFor
  r←best bestLen
∇
h←Hailstone 27
≢h
4↑h
¯4↑h
Longest 1000
⍝ == expected
⍝ 112
⍝ 27 82 41 124
⍝ 8 4 2 1
⍝ 871 179
