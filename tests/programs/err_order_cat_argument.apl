⍝ LENGTH versus DOMAIN: m is computed whole (÷0) before the catenation compares shapes.
m←2 3⍴÷1 0 1 ⋄ (2 2⍴m),(⍳3)[4]
⍝ == expected
⍝ error: 2:7: DOMAIN ERROR
