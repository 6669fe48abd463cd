⍝ Issue 17, group 4: an error in a value the program does not (entirely) use is still raised:
⍝ APL evaluates the whole array; the compiled program runs its checks (Lowerer::validate).
v5←!3 1 4 2⍴¯2 9 0 6 6
3
⍝ == expected
⍝ error: DOMAIN ERROR
