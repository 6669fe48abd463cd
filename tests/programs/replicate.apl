⍝ Compress and replicate along the last axis; a scalar count extends.
1 0 1/1 2 3
2 0 1/'abc'
3/7
1 0/2 2⍴⍳4
(1=1 0 1)/4 5 6
⍴0/5
⍝ == expected
⍝ 1 3
⍝ aac
⍝ 7 7 7
⍝ 1
⍝ 3
⍝ 4 6
⍝ 0
