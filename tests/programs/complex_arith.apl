⍝ Complex numbers (interpreter only): literals, promotion int → double → complex, + - × ÷ |,
⍝ conjugate, = ≠, 9○ 11○, structural functions, +.× and the display (3J6.4, 6J¯4; matrix
⍝ columns right-justified as whole numbers, not aligned at the J as Dyalog does).
a ← 2.0j3.2 + 1.0j3.2
a
z ← 2 3 ⍴ 2j1 3 1 3J¯2 4 23
z × 2
⍉ z
(1j1 × 1j¯1) , (2j3 ÷ 1j¯1) , (- 1j2) , (+ 1j2)
|3j4 ¯5
1j2 = 1j2 1 2
(9○2j¯7) , 11○2j¯7
z +.× ⍉ z
+/ 1 2.5 3j1
⍝ == expected
⍝ 3J6.4
⍝  4J2 6  2
⍝ 6J¯4 8 46
⍝ 2J1 3J¯2
⍝   3    4
⍝   1   23
⍝ 2 ¯0.5J2.5 ¯1J¯2 1J¯2
⍝ 5 5
⍝ 1 0 0
⍝ 2 ¯7
⍝  13J4   43J¯1
⍝ 43J¯1 550J¯12
⍝ 6.5J1
⍝ tags: no_c
