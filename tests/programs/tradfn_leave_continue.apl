⍝ :Leave ends the innermost loop and :Continue its pass, in :For, :While and :Repeat, from
⍝ inside :If blocks; with :Return in the same loop as :Continue; in nested loops.
∇ r←FirstNeg v;i
  r←0
  :For i :In ⍳≢v
    :If v[i]<0
      r←i
      :Leave
    :EndIf
  :EndFor
  r←r×10
∇
FirstNeg 3 1 ¯4 2 ¯5
FirstNeg 1 2
∇ r←SumOdd n;i
  r←0
  :For i :In ⍳n
    :If 0=2|i
      :Continue
    :EndIf
    r+←i
  :EndFor
∇
SumOdd 10
∇ r←Until100;x
  x←1
  :While 1
    x←x×3
    :If x>100 ⋄ :Leave ⋄ :EndIf
  :EndWhile
  r←x
∇
Until100
∇ r←Count;n;k
  n←0 ⋄ k←0
  :Repeat
    k+←1
    :If 0=3|k ⋄ :Continue ⋄ :EndIf
    n+←1
  :Until k≥10
  r←n k
∇
Count
∇ r←Nested;i;j
  r←0
  :For i :In ⍳3
    :For j :In ⍳5
      :If j>i ⋄ :Leave ⋄ :EndIf
      r+←1
    :EndFor
  :EndFor
∇
Nested
∇ r←FindRet v;i
  r←¯1
  :For i :In ⍳≢v
    :If v[i]=0 ⋄ :Continue ⋄ :EndIf
    :If v[i]>5 ⋄ r←i ⋄ :Return ⋄ :EndIf
  :EndFor
∇
FindRet 0 3 0 7 9
⍝ == expected
⍝ 30
⍝ 0
⍝ 25
⍝ 243
⍝ 7 10
⍝ 6
⍝ 4
