⍝ INDEX in the right argument of , versus the catenation's LENGTH (found by tests/fuzz, seed
⍝ 726331): the cold branch of the LENGTH check validates both arguments, right one first; the
⍝ left one's validation (a reduction per element, with cold branches of its own) is too large
⍝ for the branch, which then validates the right one alone instead of nothing.
⎕←⌈⌿(((⍳5)⍳(3 1⍴8 7 1)),((⍳0)[1 1]))
⍝ == expected
⍝ error: 5:30: INDEX ERROR
