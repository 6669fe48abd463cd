⍝ A power loop's state whose leaf changes shape only in a branch that a shape decides: r doubles
⍝ only once w is empty. The lowering's trial of the step, made with the initial (constant)
⍝ shapes, took only the other branch and kept r's block fixed at 2 items, so the compiled
⍝ f⍣{2<≢1⊃⍺} never ended; it now repeats the trial with the changing shapes unknown. Also: g
⍝ of f⍣g reading an item of a tuple state (once an internal compiler error).
s←(1 2)(3 4 5)
f←{r w←⍵ ⋄ 0=≢w:(r,r)w ⋄ r(1↓w)}
u←f⍣{2<≢1⊃⍺}⊢s
a b←u
a
⍴b
n←⍴⍳4
t←f⍣n⊢s
c d←t
c
⍝ == expected
⍝ 1 2 1 2
⍝ 0
⍝ 1 2 1 2
