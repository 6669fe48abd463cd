∇ f x
  ⎕←x
∇
y←f 3
