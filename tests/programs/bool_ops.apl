⍝ Boolean functions and not; integer 0/1 arguments become booleans.
1 0 1∧1 1 0
1 0 1∨0 0 1
1 1⍲1 0
0 0⍱0 1
~1 0
(2>1)∧1
⍝ == expected
⍝ 1 0 0
⍝ 1 0 1
⍝ 0 1
⍝ 1 0
⍝ 0 1
⍝ 1
