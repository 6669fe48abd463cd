⍝ APL evaluates right to left: assignments on the right happen first.
a←1
(a←2)+a
c←(d+4+e)(d←5+e)(e←8)
c
⍝ == expected
⍝ 3
⍝ 25 13 8
