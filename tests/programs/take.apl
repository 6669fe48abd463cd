⍝ Take: overtake pads, negative takes from the end, matrices take rows, two axes.
2↑1 2 3
5↑1 2
¯2↑1 2 3
¯5↑1 2
2↑3 3⍴⍳9
¯2↑3 3⍴⍳9
2 2↑3 3⍴⍳9
2 ¯2↑3 3⍴⍳9
3↑7
⍝ == expected
⍝ 1 2
⍝ 1 2 0 0 0
⍝ 2 3
⍝ 0 0 0 1 2
⍝ 1 2 3
⍝ 4 5 6
⍝ 4 5 6
⍝ 7 8 9
⍝ 1 2
⍝ 4 5
⍝ 2 3
⍝ 5 6
⍝ 7 0 0
