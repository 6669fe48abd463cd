⍝ Comparison reductions of numbers (not only booleans) fold in the numbers' type, as in Dyalog:
⍝ =/⍴m asks whether m is square; >/,3 is 3 (one item: no comparison).
=/3 3
=/⍴2 2⍴0
=/⍴2 3⍴0
>/,3
>/3 2 1
≠/1 2 3
=\3 3 3
=/2 2⍴1 1 2 3
≥/2 0⍴5
</1.5 2.5
⍝ == expected
⍝ 1
⍝ 1
⍝ 0
⍝ 3
⍝ 1
⍝ 0
⍝ 3 1 0
⍝ 1 0
⍝ 1 1
⍝ 1
