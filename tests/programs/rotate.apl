⍝ Rotation by positive and negative counts, on vectors and matrices, both axes.
1⌽1 2 3 4
¯1⌽1 2 3 4
1⌽2 3⍴⍳6
1⊖3 2⍴⍳6
¯1⊖3 2⍴⍳6
5⌽1 2 3
⍝ == expected
⍝ 2 3 4 1
⍝ 4 1 2 3
⍝ 2 3 1
⍝ 5 6 4
⍝ 3 4
⍝ 5 6
⍝ 1 2
⍝ 5 6
⍝ 1 2
⍝ 3 4
⍝ 3 1 2
