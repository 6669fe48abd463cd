∇ r←f x
  L1: r←x
∇
f 3
