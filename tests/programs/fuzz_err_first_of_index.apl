⍝ Issue 17, group 4: an error in a value the program does not (entirely) use is still raised:
⍝ APL evaluates the whole array; the compiled program runs its checks (Lowerer::validate).
⊃(⍳3)[1 4]
⍝ == expected
⍝ error: INDEX ERROR
