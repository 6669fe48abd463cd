⍝ ⎕← prints and passes its value on; assignments do not print.
⎕←1 2
x←⎕←3
x+1
y←5
⍝ == expected
⍝ 1 2
⍝ 3
⍝ 4
