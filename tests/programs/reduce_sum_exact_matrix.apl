⍝ +/ and +⌿ on matrices: each row's (column's) sum is exact. Row 1 overflows on the way and comes
⍝ back; row 2 is in range; both fit. Empty rows sum to 0.
a←×/62⍴2
m←2 3⍴a a (-a) (-a) a a
+/m
+⌿⍉m
+/2 0⍴a
{+/⍵}m
⍝ == expected
⍝ 4611686018427387904 4611686018427387904
⍝ 4611686018427387904 4611686018427387904
⍝ 0 0
⍝ 4611686018427387904 4611686018427387904
