⍝ Dyalog: LENGTH ERROR when the value has another number of items than there are names.
a b←1 2 3
⎕←a
