⍝ A recursive operator (∇∇) is not supported: its operands would have to be passed to a letrec.
pow←{⍵=0:⍺⍺ 1 ⋄ ⍺⍺ (⍺⍺ ∇∇ ⍵-1)}
(2∘×) pow 3
