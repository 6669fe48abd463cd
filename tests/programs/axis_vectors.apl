⍝ Axes given as vectors (Dyalog Language Reference, "Ravel with Axes" and "Take/Drop with
⍝ Axes"): ,[k1 k2 …] merges contiguous axes into one; n↑[k1 k2 …] and n↓[k1 k2 …] take or drop
⍝ item i of n along axis ki, in any order of the axes.
a←2 3 4⍴⍳24
⍴,[2 3]a
⍴,[1 2]a
,[1 2 3]a
m←3 4⍴⍳12
1 2↑[1 2]m
¯1 2↓[1 2]m
2 1↑[2 1]m
1 1 2↑[3 1 2]a
⎕IO←0
⍴,[0 1]a
,[1 2]a
⍝ == expected
⍝ 2 12
⍝ 6 4
⍝ 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24
⍝ 1 2
⍝ 3 4
⍝ 7 8
⍝ 1 2
⍝ 1
⍝ 5
⍝ 6 4
⍝  1  2  3  4  5  6  7  8  9 10 11 12
⍝ 13 14 15 16 17 18 19 20 21 22 23 24
