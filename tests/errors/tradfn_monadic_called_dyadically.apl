∇ r←f x
  r←x
∇
2 f 3
