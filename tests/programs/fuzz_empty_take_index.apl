⍝ An overtake of an empty literal, indexed by an empty matrix (issue 17, group 6).
x←''[0⍴0]
(¯3↑x)[1 0⍴0]
⍝ == expected
⍝
