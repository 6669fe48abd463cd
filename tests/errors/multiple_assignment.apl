a b←1 2
⎕←a
