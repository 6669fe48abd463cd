⍝ Dyadic ⍳ and ∊ through TAIL's hashed indexOf (linear time): the first occurrence wins, a
⍝ missing item gives 1+≢L (in ⎕IO), numbers compare exactly across their types (¯0 equals 0,
⍝ 2 equals 2.0), characters with characters; the right argument may have any rank. The last
⍝ lines look up 2*17 items in 2*17 (the issue's benchmark size), checked against sums computed
⍝ independently.
3 1 4 1 5 9 2 6⍳1 5 9 7
'mississippi'⍳'spam'
1.5 2 ¯0.0 3⍳0 2 3.0 4
0 1 1 0⍳1 0
(⍳0)⍳1 2
3 1 4⍳2 3⍴1 2 3 4 5 6
1 2 3⍳4
⎕IO←0
10 20 30⍳30 40
⎕IO←1
2 3 4∊3 4 5
'abc'∊'cab z'
(2 2⍴1 2 3 4)∊2 4.0
5∊⍬
∪ 3 1 3 2 1 2
N←2*17
L←(2×N)|7919×⍳N
R←(2×N)|(104729×⍳N)+⌊N÷3
i←L⍳R
(+/i≤N),+/i
+/R∊L
⍝ == expected
⍝ 2 5 6 9
⍝ 3 9 12 1
⍝ 3 2 4 5
⍝ 2 1
⍝ 1 1
⍝ 2 4 1
⍝ 3 4 4
⍝ 4
⍝ 2 3
⍝ 0 1 1
⍝ 1 1 1
⍝ 0 1
⍝ 0 1
⍝ 0
⍝ 3 1 2
⍝ 65551 12884070682
⍝ 65551
