⍝ Catenation along the last axis, with scalars extended.
1 2,3 4
1,2 3
(2 2⍴⍳4),5 6
(2 2⍴⍳4),0
0,2 2⍴⍳4
1.5,2
⍝ == expected
⍝ 1 2 3 4
⍝ 1 2 3
⍝ 1 2 5
⍝ 3 4 6
⍝ 1 2 0
⍝ 3 4 0
⍝ 0 1 2
⍝ 0 3 4
⍝ 1.5 2
