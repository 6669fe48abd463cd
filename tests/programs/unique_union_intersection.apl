⍝ ∪ (unique, union) and ∩ (intersection) of vectors, numbers and characters (Dyalog Language
⍝ Reference: ∪Y keeps first occurrences in order; X∪Y is X,Y~X; X∩Y is the items of X in Y, in X's
⍝ order, duplicates of X kept). A scalar argument is a one-item vector.
∪3 1 3 2 1
∪'mississippi'
⍴∪⍬
∪5
⍴∪5
∪1.5 2 1.5
∪3|⍳10
1 2 3∪3 4 4 5
'abc'∪'bcd'
⍬∪1 2 2
1 2∪⍬
⍴3∪3
2∪1 2 3
1 3 5 3∩3 4 5
'hello'∩'lo'
⍴1 2∩⍬
⍴⍬∩1 2
⍴'abc'∩1 2
3∩1 2 3
⍴3∩4
1.5 2 3∩2 3.5
{⎕IO←0 ⋄ ∪⍵}3 1 3 2 1
{⎕IO←0 ⋄ ⍵∩2 3}3 1 3 2 1
{⎕IO←0 ⋄ ⍵∪9}3 1 3 2 1
n←≢'abcde'
v←(⍳n)∪n+⍳n
v
+/∪v,v
∪0 1 1 0
1 0 1∩1
(0 1)∪1 1 0
⍝ == expected
⍝ 3 1 2
⍝ misp
⍝ 0
⍝ 5
⍝ 1
⍝ 1.5 2
⍝ 1 2 0
⍝ 1 2 3 4 4 5
⍝ abcd
⍝ 1 2 2
⍝ 1 2
⍝ 1
⍝ 2 1 3
⍝ 3 5 3
⍝ llo
⍝ 0
⍝ 0
⍝ 0
⍝ 3
⍝ 0
⍝ 2
⍝ 3 1 2
⍝ 3 3 2
⍝ 3 1 3 2 1 9
⍝ 1 2 3 4 5 6 7 8 9 10
⍝ 55
⍝ 0 1
⍝ 1 1
⍝ 0 1
