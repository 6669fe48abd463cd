⍝ Issue 17, group 4: an error in a value the program does not (entirely) use is still raised:
⍝ APL evaluates the whole array; the compiled program runs its checks (Lowerer::validate).
v3←⍟4 1 4⍴1 1 0 0 1
2
⍝ == expected
⍝ error: DOMAIN ERROR
