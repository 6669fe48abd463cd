⍝ An array bound before a print raises its error before the print, even when it is read only
⍝ after it (found by tests/fuzz, seed 100091): pending lets are validated before printing.
v2←÷(1⍴0)
3
v2
⍝ == expected
⍝ error: DOMAIN ERROR
