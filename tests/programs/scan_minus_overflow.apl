⍝ -\ on integers: an item whose exact value does not fit 64 bits is a DOMAIN ERROR (2*62 minus
⍝ ¯2*62 is 2*63); items that fit are exact even when a right fold would pass through 2*63.
a←×/62⍴2
-\0,a,-a
-\a,-a
⍝ == expected
⍝ 0 ¯4611686018427387904 ¯9223372036854775808
⍝ error: DOMAIN ERROR
