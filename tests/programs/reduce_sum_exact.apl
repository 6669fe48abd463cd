⍝ +/ on integers is exact: a DOMAIN ERROR exactly when the mathematical sum does not fit 64 bits,
⍝ whatever the order of the additions. 2*62 + 2*62 overflows on the way in the second sum, but
⍝ the total 2*62 fits: no error in either order. The third wraps down, then back up: ¯2*63 fits.
a←×/62⍴2
+/a a (-a)
+/(-a) a a
+/a (-a) (-a) (-a)
⍝ == expected
⍝ 4611686018427387904
⍝ 4611686018427387904
⍝ ¯9223372036854775808
