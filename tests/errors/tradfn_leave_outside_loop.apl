∇ r←f x
  r←x
  :If x>0 ⋄ :Leave ⋄ :EndIf
∇
f 1
