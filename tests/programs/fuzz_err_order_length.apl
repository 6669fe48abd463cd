⍝ APL evaluates both arguments of = whole before comparing their shapes (found by tests/fuzz,
⍝ seed 100082): the INDEX ERROR of the left argument comes before the LENGTH ERROR.
((1⍴'a')[1 2 1 2])=(0⍴' ')
⍝ == expected
⍝ error: INDEX ERROR
