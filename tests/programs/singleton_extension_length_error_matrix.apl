⍝ Matrices of different shapes, neither with one element: LENGTH ERROR.
(2 2⍴1)+2 3⍴1
⍝ == expected
⍝ error: LENGTH ERROR
