∇ r←f x
  :EndWhile
  r←x
∇
