⍝ Rosetta Code, "Happy numbers": the first 8 happy numbers are 1 7 10 13 19 23 28 31. Nested
⍝ tradfns: a :While over the numbers, calling one with a :While until a sum repeats.
∇ r←SquareDigits n
  r←0
  :While n>0
    r+←(10|n)*2
    n←⌊n÷10
  :EndWhile
∇
∇ r←IsHappy n;seen
  seen←⍬
  :While ~n∊seen
    seen←seen,n
    n←SquareDigits n
  :EndWhile
  r←n=1
∇
∇ r←FirstHappy k;i
  r←⍬
  i←0
  :While k>≢r
    i+←1
    :If IsHappy i
      r←r,i
    :EndIf
  :EndWhile
∇
FirstHappy 8
⍝ == expected
⍝ 1 7 10 13 19 23 28 31
