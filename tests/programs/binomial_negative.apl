⍝ Binomial of integers with Dyalog's results for every sign (issue 17, group 7): 0 when x > y ≥ 0
⍝ or x < 0 (except below); (¯1*x)×x!x-y+1 for x ≥ 0 > y; (¯1*y-x)×(|y+1)!(|x+1) for x ≤ y < 0.
2!1
(2 ¯1 ¯3 2 1 3 ¯5 ¯2 ¯1 0)!1 3 ¯1 ¯1 ¯1 ¯2 ¯2 ¯5 ¯1 0
(¯2 ¯1 0 1 2)!¯2
x←+/¯3 ¯2
x!¯2+⍳4
⍝ == expected
⍝ 0
⍝ 0 0 1 1 ¯1 ¯4 ¯4 0 1 1
⍝ 1 0 1 ¯2 3
⍝ 1 0 0 0
