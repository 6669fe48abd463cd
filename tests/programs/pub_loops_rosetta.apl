⍝ Rosetta Code's loop tasks, as tradfns: "Loops/For" (a triangle of stars), "Loops/While" (1024
⍝ halved to 1), "Loops/Do-while" (add 1 and print until the value is a multiple of 6),
⍝ "Loops/Downward for" (10 down to 0) and "Loops/N plus one half" (1, 2, …, 10 with commas).
∇ Triangle n;i
  :For i :In ⍳n
    ⎕←i⍴'*'
  :EndFor
∇
∇ Halving;n
  n←1024
  :While n>0
    ⎕←n
    n←⌊n÷2
  :EndWhile
∇
∇ DoWhile;v
  v←0
  :Repeat
    v+←1
    ⎕←v
  :Until 0=6|v
∇
∇ Downward;i
  :For i :In ⌽0,⍳10
    ⎕←i
  :EndFor
∇
∇ r←PlusHalf n;i
  r←''
  :For i :In ⍳n
    r←r,⍕i
    :If i<n
      r←r,', '
    :EndIf
  :EndFor
∇
Triangle 5
Halving
DoWhile
Downward
PlusHalf 10
⍝ == expected
⍝ *
⍝ **
⍝ ***
⍝ ****
⍝ *****
⍝ 1024
⍝ 512
⍝ 256
⍝ 128
⍝ 64
⍝ 32
⍝ 16
⍝ 8
⍝ 4
⍝ 2
⍝ 1
⍝ 1
⍝ 2
⍝ 3
⍝ 4
⍝ 5
⍝ 6
⍝ 10
⍝ 9
⍝ 8
⍝ 7
⍝ 6
⍝ 5
⍝ 4
⍝ 3
⍝ 2
⍝ 1
⍝ 0
⍝ 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
