∇ r←f x
  :If x
    r←1
∇
