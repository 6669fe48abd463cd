⍝ Different ranks and the higher-rank argument has more than one element: RANK ERROR, at run time
⍝ (was a compile-time error, tests/errors/elab_rank_scalar_fn; Dyalog raises it when it runs).
(2 2⍴1) + 1 2
⍝ == expected
⍝ error: RANK ERROR
