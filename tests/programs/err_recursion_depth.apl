⍝ Recursion deeper than 10000 calls in progress is a LIMIT ERROR at the call that goes too deep,
⍝ on every path (the interpreter counts its calls, generated programs theirs), not a crash when
⍝ the stack runs out. 9999 levels still run.
count←{⍵=0:0 ⋄ 1+∇ ⍵-1}
count 9999
count 20000
⍝ == expected
⍝ 9999
⍝ error: 4:18: LIMIT ERROR
