⍝ Expand needs as many items as its mask has ones: Dyalog's LENGTH ERROR, once a silent 1 0 2.
v←1 2 3
⎕←1 0 1\v
⍝ == expected
⍝ error: 3:8: LENGTH ERROR
