⍝ +/ on a matrix: row 1 overflows on the way and cancels (no error), row 2's exact sum is 2*64:
⍝ a DOMAIN ERROR at the +.
a←×/62⍴2
m←2 4⍴a a (-a) (-a) a a a a
+/m
⍝ == expected
⍝ error: 5:2: DOMAIN ERROR
