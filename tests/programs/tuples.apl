⍝ Tuples (apltail's nested strands): items by constant index, power over a tuple.
c←(1 2 3)'hello' 4
c[2]
+/c[1]
f←{(⍵[1]+1)(⍵[2],0)}
r←(f⍣3)(1 (7 8))
r[1]
r[2]
⍝ == expected
⍝ hello
⍝ 6
⍝ 4
⍝ 7 8 0 0 0
