⍝ r changes rank in the loop: a located RANK ERROR (r←,n would do).
∇ r←f n;i
  r←n
  :For i :In ⍳n
    r←r,i
  :EndFor
∇
f 3
