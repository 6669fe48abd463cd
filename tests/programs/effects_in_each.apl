⍝ Elements with effects run in order, one at a time (the parallel contract, laila/README.md):
⍝ random numbers in each, printing in each (the prints keep their order), and format in each
⍝ (⍕ leaves its text pending in the runtime until it is taken).
x←?¨100⍴6
⍴x
∧/(x≥1)∧x≤6
y←{⎕←⍵×2}¨⍳3
y
{≢⍕⍵}¨8 9 10 11 100
{≢⍕⍵×1000}¨⍳3
⍝ == expected
⍝ 100
⍝ 1
⍝ 2
⍝ 4
⍝ 6
⍝ 2 4 6
⍝ 1 1 2 2 3
⍝ 4 4 4
