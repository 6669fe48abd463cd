∇ r←FindPair (v);i
  r←v
∇
