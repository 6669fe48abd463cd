⍝ Catenation along the first axis (⍪), with scalars and rows extended.
(2 2⍴⍳4)⍪5 6
0⍪2 2⍴⍳4
1 2⍪3 4
(2 2⍴⍳4)⍪2 2⍴5 6 7 8
⍝ == expected
⍝ 1 2
⍝ 3 4
⍝ 5 6
⍝ 0 0
⍝ 1 2
⍝ 3 4
⍝ 1 2 3 4
⍝ 1 2
⍝ 3 4
⍝ 5 6
⍝ 7 8
