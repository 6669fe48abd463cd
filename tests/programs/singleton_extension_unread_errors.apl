⍝ An extended one-element argument whose element is never read (the other argument is empty)
⍝ still raises its errors: APL computes it whole.
a←÷(+/1 0=1)⍴0
⍴a+(+/0 0=1)⍴5
⍝ == expected
⍝ error: DOMAIN ERROR
