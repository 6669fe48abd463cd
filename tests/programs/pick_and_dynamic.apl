⍝ Pick (i⊃v), a transpose permutation known only at run time, an inner product of bit operations.
2⊃10 20 30
c←(1 2)(3 4 5)
+/2⊃c
p←⌽⍳+/1 1
p⍉2 3⍴⍳6
1 2 ⎕INT32XOR.× 2 2⍴3 5 6 9
⍝ == expected
⍝ 20
⍝ 12
⍝ 1 4
⍝ 2 5
⍝ 3 6
⍝ 15 23
