⍝ Source: APLX Help, "↑ Take" (MicroAPL), two-argument form; and "Mastering Dyalog APL",
⍝ section 8.1.1.1 (4↑nums). Changed: the mixed MAT example (a character and number matrix) is
⍝ left out; the 1-row results are printed as Dyalog prints a 1-row matrix.
5↑'A.S.FREEMAN'
¯7↑'A.S.FREEMAN'
3↑22 2 19 12
¯1↑22 2 19 12
5↑40 92 11
¯5↑40 92 11
TABLE←4 3⍴⍳12
2 3↑TABLE
¯1 3↑TABLE
1 2↑TABLE
nums ← 56 66 19 37 44 20 18 23 68 70 82
4↑nums
⍝ == expected
⍝ A.S.F
⍝ FREEMAN
⍝ 22 2 19
⍝ 12
⍝ 40 92 11 0 0
⍝ 0 0 40 92 11
⍝ 1 2 3
⍝ 4 5 6
⍝ 10 11 12
⍝ 1 2
⍝ 56 66 19 37
