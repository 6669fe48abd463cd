⍝ A vector picked one element at a time inside a loop (the indices of an indexed assignment in a
⍝ :For loop) is computed where the loop picks it, not stored (Lowerer::computedInsideLambda),
⍝ and its errors still come first, as APL evaluates the indices before it assigns: in the second
⍝ iteration, 2 is out of range of f before 4611686018427387904×4 overflows, and the overflow
⍝ must be the error.
∇ f ← marks n;p
  f ← n⍴0
  :For p :In 1 4611686018427387904
    f[p×1 2 4] ← 1
  :EndFor
∇
⎕ ← marks 4
⍝ == expected
⍝ error: DOMAIN ERROR
⍝ structure on c: exactly 0 "alloc int[3]"
⍝ structure on omp: exactly 0 "alloc int[3]"
