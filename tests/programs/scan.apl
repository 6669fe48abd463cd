⍝ Scans: each item reduces a prefix.
+\1 2 3 4
×\1 2 3
-\1 2 3
+\2 3⍴⍳6
⌈\3 1 4 1 5
⍝ == expected
⍝ 1 3 6 10
⍝ 1 2 6
⍝ 1 ¯1 2
⍝ 1 3  6
⍝ 4 9 15
⍝ 3 3 4 4 5
