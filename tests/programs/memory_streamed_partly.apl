⍝ Reductions streamed into the loop that produces their items while other readers keep the
⍝ array (laila/passes/StreamReductions.h; memory_streamed_reductions.apl streams it all): the
⍝ sum and the count of zeros of a per-point power's count plane are added up as it is stored,
⍝ its maximum (a fold from the last item) and the sum of its first 7 items read it afterwards.
W ← 24
H ← 5
cx ← 1 H W ⍴ ¯2 + 0.11 × ⍳W
cy ← 1 H W ⍴ ⍉ W H ⍴ ¯1 + 0.4 × ⍳H
step ← {
  zx ← 1↑⍵
  zy ← 1↑1↓⍵
  count ← 2↓⍵
  zzx ← cx + (zx × zx) - zy × zy
  zzy ← cy + (zx × zy) + zx × zy
  inside ← 4 > (zzx × zzx) + zzy × zzy
  ((inside × zzx) + (1 - inside) × zx) ⍪ ((inside × zzy) + (1 - inside) × zy) ⍪ count + 1 - inside
}
counts ← 2↓(step ⍣ 30) 3 H W ⍴ 0
⎕ ← (+/,counts), (+/,0=counts), ⌈/,counts
⎕ ← +/ 7↑,counts
⍝ == expected
⍝ 2043 40 30
⍝ 197
⍝ structure on c: exactly 1 "alloc double[120]"
⍝ structure on c: exactly 1 "in 0..120"
