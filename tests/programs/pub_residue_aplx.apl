⍝ Source: APLX Help, "| Residue" (MicroAPL, https://www.microapl.com/apl_help/), two-argument
⍝ form examples; the results agree with Dyalog's definition (X|Y is Y-X×⌊Y÷X+0=X).
⍝ Unchanged except that TABLE is displayed after each expression.
3|10
7|24 5 0 25
3 17 2|5 20 3
¯7|⍳10
TABLE←2 3⍴⍳6
4|TABLE
TABLE|TABLE
⍝ == expected
⍝ 1
⍝ 3 5 0 4
⍝ 2 3 1
⍝ ¯6 ¯5 ¯4 ¯3 ¯2 ¯1 0 ¯6 ¯5 ¯4
⍝ 1 2 3
⍝ 0 1 2
⍝ 0 0 0
⍝ 0 0 0
