⍝ ⎕TS, the local time: seven integers (year, month, day, hour, minute, second, millisecond),
⍝ checked by their ranges since their values change.
ts←⎕TS
⍴ts
(ts[1]≥2024)∧(ts[2]∊⍳12)∧ts[3]∊⍳31
∧/(ts[4 5 6 7]≥0)∧ts[4 5 6 7]<24 60 61 1000
⍝ == expected
⍝ 7
⍝ 1
⍝ 1
