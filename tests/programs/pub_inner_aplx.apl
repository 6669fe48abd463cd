⍝ Source: APLX Help, ". Inner Product" (MicroAPL): the vector and matrix examples.
⍝ Changed: ^ is written ∧; TABLE1 and TABLE2 are built with ⍴ from the values shown;
⍝ the result is printed in Dyalog's display (each column as wide as its widest item).
X ← 1 3 5 7
Y ← 2 3 6 7
X +.= Y
X=Y
+/0 1 0 1
X∧.=1 3 5 7
TABLE1←3 2⍴1 2 5 4 3 0
TABLE2←2 4⍴6 2 3 4 7 0 1 8
RESULT←TABLE1 +.× TABLE2
RESULT
⍝ == expected
⍝ 2
⍝ 0 1 0 1
⍝ 2
⍝ 1
⍝ 20  2  5 20
⍝ 58 10 19 52
⍝ 18  6  9 12
