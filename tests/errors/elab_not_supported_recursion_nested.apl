⍝ A recursive function whose result is a nested array (a strand of a vector and a scalar).
f←{⍵=0:(1 2)3 ⋄ (1 2)(f ⍵-1)}
f 2
