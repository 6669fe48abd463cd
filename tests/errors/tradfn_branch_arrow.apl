∇ r←f x
  →0
∇
