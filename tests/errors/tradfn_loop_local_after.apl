⍝ A name first assigned inside a loop is local to it (Dyalog would keep its last value).
∇ r←f x;i;s
  :For i :In ⍳x
    s←i
  :EndFor
  r←s
∇
f 3
