⍝ Expand inserts fill items where the mask is 0.
1 0 1\5 6
0 1 1 0\2.5 3
⍝ == expected
⍝ 5 0 6
⍝ 0 2.5 3 0
