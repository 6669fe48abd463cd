∇ r←f x
  r←x
