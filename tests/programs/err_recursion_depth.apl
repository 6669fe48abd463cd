⍝ Recursion deeper than 2500 calls in progress is a LIMIT ERROR at the call that goes too deep,
⍝ on every path (the interpreter counts its calls, generated programs theirs), not a crash when
⍝ the stack runs out. 2499 levels still run.
count←{⍵=0:0 ⋄ 1+∇ ⍵-1}
count 2499
count 5000
⍝ == expected
⍝ 2499
⍝ error: 4:18: LIMIT ERROR
