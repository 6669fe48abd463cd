⍝ Reduce N-Wise, n f/ x: f/ of each window of |n| items (reversed when n < 0). The examples of the
⍝ Dyalog Language Reference ("Reduce N-Wise") and of the APL Wiki ("Windowed Reduce"), then axes,
⍝ matrices, a computed window and the error of a window longer than the axis plus one.
3+/⍳4
2+/⍳4
1+/⍳4
0+/⍳4
0×/⍳4
3+/5 1 4 1 8
2-/1 2 3 4 5
¯2-/1 2 3 4 5
2</0,1 1 0 1 1 1
1,2≠/1 1 2 2 2 3
4+/⍳3
m←3 4⍴⍳12
2+/m
2+⌿m
¯2-⌿m
2×/[1]m
⎕IO←0
2-/[0]m
⎕IO←1
v←⍳10
(¯1+⍴v)+/v
w←2
w{⍺⌈⍵}/3 1 4 1 5 9 2 6
⍴3+/0 4⍴0
5+/⍳3
⍝ == expected
⍝ 6 9
⍝ 3 5 7
⍝ 1 2 3 4
⍝ 0 0 0 0 0
⍝ 1 1 1 1 1
⍝ 10 6 13
⍝ ¯1 ¯1 ¯1 ¯1
⍝ 1 1 1 1
⍝ 1 0 0 1 0 0
⍝ 1 0 1 0 0 1
⍝
⍝  3  5  7
⍝ 11 13 15
⍝ 19 21 23
⍝  6  8 10 12
⍝ 14 16 18 20
⍝ 4 4 4 4
⍝ 4 4 4 4
⍝  5 12 21 32
⍝ 45 60 77 96
⍝ ¯4 ¯4 ¯4 ¯4
⍝ ¯4 ¯4 ¯4 ¯4
⍝ 45 54
⍝ 3 4 4 5 9 9 6
⍝ 0 2
⍝ error: DOMAIN ERROR
