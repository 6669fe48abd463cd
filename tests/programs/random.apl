⍝ Random numbers: ?n is in 1..n, ?0 in [0,1), deal gives distinct values.
x←?10⍴6
∧/(x≥1)∧x≤6
y←?5⍴0
∧/(y≥0)∧y<1
d←5?5
+/d
⍝ == expected
⍝ 1
⍝ 1
⍝ 15
