⍝ Singleton extension (docs/semantics.md) when the one element is known only at run time, and
⍝ for one-element arrays of rank ≥ 2, as Dyalog does it: the one-element argument extends like a
⍝ scalar and the result takes the other's shape; of two one-element arrays of different ranks,
⍝ the one of lower rank extends.
v←(+/1 0 0=1)⍴7
v+1 2 3
1 2 3×v
n←+/1 0=1
x←n↑5 6 7
x-10 20
m←2 2⍴1
(1 1⍴5)+m
m+(1 1⍴5)
e←(+/0 0=1)↑1 2 3
⍴(,5)+e
⍴v+⍳0
(1 1⍴5)+1 2 3
(,5)+2 3⍴1
(1 1⍴5)+,3
⍴(1 1⍴5)+,3
⍴(,3)+1 1⍴5
⍴(1 1 1⍴2)×1 1⍴3
(2 2⍴1)+v
⍴(1 1⍴5)+v
w←(n,n)⍴9
w+1 2 3
+/,w+2 3 4⍴1
y←(n+2)↑⍳5
y+y×2
⍝ == expected
⍝ 8 9 10
⍝ 7 14 21
⍝ ¯5 ¯15
⍝ 6 6
⍝ 6 6
⍝ 6 6
⍝ 6 6
⍝ 0
⍝ 0
⍝ 6 7 8
⍝ 6 6 6
⍝ 6 6 6
⍝ 8
⍝ 1 1
⍝ 1 1
⍝ 1 1 1
⍝ 8 8
⍝ 8 8
⍝ 1 1
⍝ 10 11 12
⍝ 240
⍝ 3 6 9
