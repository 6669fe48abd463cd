⍝ INDEX in the left argument of , versus the catenation's LENGTH (found by tests/fuzz, seed
⍝ 728530): the left argument is a binomial of an indexing; its validation, with the nested cold
⍝ branches of the binomial's checks, is too large for the LENGTH check's cold branch, which
⍝ then validates it again without them instead of not at all.
((~1)!((1 3⍴0 1)[2 2;3 2 1 2])),(-\(⍉(0 5⍴⍬)))
⍝ == expected
⍝ error: 5:17: INDEX ERROR
