∇ r←f x
  :Select x
  r←1
  :Case 1
  :EndSelect
∇
