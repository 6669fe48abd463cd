⍝ Copies of arrays nothing reads afterwards are moves (backend/memory/CopyElision.h), and a
⍝ loop's update of its array state is stored in the state (StateInPlace.h): the sieve of
⍝ Eratosthenes as a tradfn, a :For loop with an :If whose branch sets the multiples of p to 0.
⍝ Each iteration copied the flags into the :If's result, into the inner loop's state and into the
⍝ :For loop's next state, and the inner loop copied them twice per multiple; now the flags stay
⍝ in one block from the first assignment to the last: the only other array is n⍴1, which
⍝ f[1]←0 moves into that block. Each prime's multiples are computed where the assignment reads
⍝ them, not stored (Lowerer::computedInsideLambda). The same on OpenCL, whose host marks an array
⍝ it writes and moves written by the name that holds it afterwards (before, it kept the copies:
⍝ 8 s for 10⁵ flags on POCL, now 0.05 s). Both branches of the :If move the flags out of the
⍝ loop's state, which is freed after it: the state holds no block on either path, so neither
⍝ branch allocates an empty block for that free (one per iteration before).
∇ f ← sieve n;p
  f ← n⍴1
  f[1] ← 0
  :For p :In 1↓⍳⌊n*0.5
    :If f[p]
      f[p×1↓⍳⌊n÷p] ← 0
    :EndIf
  :EndFor
∇
s ← sieve 10000
⎕ ← (+/s), ⌈/s×⍳10000
⍝ == expected
⍝ 1229 9973
⍝ structure on c: exactly 0 "alloc int[n_"
⍝ structure on omp: exactly 0 "alloc int[n_"
⍝ structure on c: exactly 1 "alloc int[10000]"
⍝ structure on opencl: exactly 0 "alloc int[n_"
⍝ structure on opencl: exactly 1 "alloc int[10000]"
⍝ structure on c: exactly 0 "alloc int[0]"
⍝ structure on omp: exactly 0 "alloc int[0]"
