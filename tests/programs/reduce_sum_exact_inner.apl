⍝ +.× sums its products exactly (the products keep their own overflow checks): 2*62 + 2*62 -
⍝ 2*62 with the additions in either order fits. A true overflow of the sum is a DOMAIN ERROR.
a←×/62⍴2
v←a a (-a)
v+.×1 1 1
(⌽v)+.×1 1 1
(2 3⍴v,⌽v)+.×3 1⍴1
a a a a+.×1 1 1 1
⍝ == expected
⍝ 4611686018427387904
⍝ 4611686018427387904
⍝ 4611686018427387904
⍝ 4611686018427387904
⍝ error: 8:9: DOMAIN ERROR
