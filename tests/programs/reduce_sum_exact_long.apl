⍝ +/ over more items than the lowering unrolls (a loop at run time): sums that wrap up or down
⍝ on the way and come back fit; 9×¯2*62 does not.
a←×/62⍴2
+/a,(10⍴a),10⍴-a
+/(10⍴-a),(10⍴a),-a
+/(20⍴1 ¯1),9⍴-a
⍝ == expected
⍝ 4611686018427387904
⍝ ¯4611686018427387904
⍝ error: 6:2: DOMAIN ERROR
