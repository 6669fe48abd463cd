⍝ A recursive call whose argument has another rank (a vector where the first call had a scalar).
f←{⍵≤0:0 ⋄ 1+∇ ,⍵-1}
f 3
