∇ r←f v;i
  r←0
  :For i :In v
    :If i<0 ⋄ :Leave ⋄ :EndIf
    :If i>9 ⋄ :Return ⋄ :EndIf
    r+←i
  :EndFor
∇
f 1 2
