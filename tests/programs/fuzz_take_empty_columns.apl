⍝ Taking no columns of a matrix (found by tests/fuzz, seed 313417): after SplitLoops the store
⍝ into the 2×0 result sits in an inner loop of unknown (empty) bounds whose index no longer
⍝ depends on the row (the row stride is 0); the verifier's parallel-store rule must not reject it.
2 0↑(5 2⍴¯9 ¯3 9223372036854775807 5 6)
⍴(⍳4)∘.|(¯9{⍺<0:⍵×2 ⋄ ×⍵}(⍳0))
7
⍝ == expected
⍝
⍝
⍝ 4 0
⍝ 7
