⍝ Issue 12: the right argument of + is evaluated first, so ÷'s DOMAIN ERROR comes before the
⍝ INDEX ERROR of v[99], although the fused (here unrolled) reduction reads element 3 first.
v←⍳10 ⋄ a←v[3 4 99]+÷(⍳3)-1 ⋄ ⎕←+/a
⍝ == expected
⍝ error: 3:21: DOMAIN ERROR
