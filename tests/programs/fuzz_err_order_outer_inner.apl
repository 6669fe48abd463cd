⍝ LENGTH of + versus INDEX in the right argument of ∧.= (found by tests/fuzz, seed 504766):
⍝ APL evaluates the right argument first.
v1←((2 ¯7∘.|(2⍴3))+(¯5 ¯9 8 ¯9223372036854775807∘.=(⍳1)))∧.=((⍉(1 0⍴5))[1 1;])
v1
⍝ == expected
⍝ error: 3:72: INDEX ERROR
