⍝ LENGTH versus INDEX (found by tests/fuzz, seed 313238): APL evaluates both arguments of ,
⍝ whole before it compares their shapes, so the index's INDEX ERROR comes first.
v2←(~(1⍴1)),((0 3⍴⍬)[1 1 1;3 2])
⍝ == expected
⍝ error: 3:21: INDEX ERROR
