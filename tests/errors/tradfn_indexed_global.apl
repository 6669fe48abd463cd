v←1 2 3
∇ Bump
  v[1]←10
∇
Bump
