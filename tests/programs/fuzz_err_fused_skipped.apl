⍝ Issue 17, group 4: an error in a value the program does not (entirely) use is still raised:
⍝ APL evaluates the whole array; the compiled program runs its checks (Lowerer::validate).
0 0 1/(3 2⍴'a')[4⍴1;1][3 5 1]
⍝ == expected
⍝ error: INDEX ERROR
