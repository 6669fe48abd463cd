⍝ Factorial and binomial on arrays of small integers (issue 17, groups 5 and 7): each element
⍝ is a loop over ⍳x whose bound is a select (`i % 3 < 1 ? 7 : …`), which C must see
⍝ parenthesised; 2!1 is 0, as in Dyalog.
0 0 1 0 0/1 0 2 2 5!5⍴1
!1 4 3 2⍴7 7 0
+/,!3 5 1 3⍴0 1 0 1 1
(4 4 3⍴5 4 0 4 4)!4 4 3⍴6 5 5
((2 2⍴5 4 4 4)!2 2⍴1)⌊⍨⌊/2 2 2⍴5
⍝ == expected
⍝ 0
⍝ 5040 5040
⍝    1 5040
⍝ 5040    1
⍝
⍝ 5040 5040
⍝    1 5040
⍝ 5040    1
⍝
⍝ 5040 5040
⍝    1 5040
⍝ 5040    1
⍝
⍝ 5040 5040
⍝    1 5040
⍝ 5040    1
⍝ 45
⍝  6 5 1
⍝ 15 5 1
⍝ 15 1 5
⍝ 15 1 5
⍝
⍝  1 5 5
⍝  6 5 1
⍝ 15 5 1
⍝ 15 1 5
⍝
⍝ 15 1 5
⍝  1 5 5
⍝  6 5 1
⍝ 15 5 1
⍝
⍝ 15 1 5
⍝ 15 1 5
⍝  1 5 5
⍝  6 5 1
⍝ 0 0
⍝ 0 0
