⍝ Equal ranks, shapes that differ at run time, neither argument with one element: LENGTH ERROR.
v←(+/1 1 0=1)⍴7
⎕←⍴v
v+1 2 3
⍝ == expected
⍝ 2
⍝ error: LENGTH ERROR
