∇ r←f x
  y←x
  r←y
∇
f 1
