⍝ Issue 17, group 4: an error in a value the program does not (entirely) use is still raised:
⍝ APL evaluates the whole array; the compiled program runs its checks (Lowerer::validate).
v2←'xy'[1 3 3]
⍝ == expected
⍝ error: INDEX ERROR
