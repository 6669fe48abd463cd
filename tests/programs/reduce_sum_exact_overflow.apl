⍝ +/ whose exact sum (2*64) does not fit 64 bits: a DOMAIN ERROR at the +, on every path.
a←×/62⍴2
+/a a a a
⍝ == expected
⍝ error: 3:2: DOMAIN ERROR
