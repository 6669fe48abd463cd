⍝ The overflow of ∘.- versus the overflow of × in ×.+ (found by tests/fuzz, seed 730853): the
⍝ inner product (m) is a pending let validated before the replicate statement that may fail;
⍝ in that validation loop, × of the row's second step fails first and its cold branch must
⍝ validate the outer product it reads (all cold branches of a validation loop are kept).
v1←3 3⍴4 5 ¯2
v2←(0 0 3⌿v1)+.×((v1∘.-((|⍣(+/1 1))1 3 ¯9223372036854775807 ¯2))×.+1)
⍝ == expected
⍝ error: 6:21: DOMAIN ERROR
