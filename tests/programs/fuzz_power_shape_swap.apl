⍝ A power loop whose step swaps the extents of its state (⍉ with a count known only at run
⍝ time; found by tests/fuzz, seed 2015): the next shape is assigned in parallel.
v1←(⍉⍣(+/⍳3))(0 1⍴'b')
⍴v1
v2←(⍉⍣(+/1 2))2 3⍴⍳6
⍴v2
v2
⍝ == expected
⍝ 0 1
⍝ 3 2
⍝ 1 4
⍝ 2 5
⍝ 3 6
