∇ r←f x;i
  r←0
  :For i :In ⍳x
    :Leave
  :EndFor
∇
