⍝ Issue 17, group 4: an error in a value the program does not (entirely) use is still raised:
⍝ APL evaluates the whole array; the compiled program runs its checks (Lowerer::validate).
v1←(2 1⍴1)[;2⍴2]
'done'
⍝ == expected
⍝ error: INDEX ERROR
