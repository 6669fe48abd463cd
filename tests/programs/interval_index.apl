⍝ Dyadic ⍸ (interval index, Dyalog): for each item of B, the index of the interval of the sorted
⍝ vector A that holds it (the count of items of A that are <= it, in ⎕IO: ⎕IO-1 before A[⎕IO]);
⍝ the result has B's shape.
10 20 30⍸5 10 25 40
10 20 30⍸25
10 20 30⍸2 2⍴5 10 25 40
1.5 2.5⍸1 2 3
1 2 3⍸2.5 ¯7
(,5)⍸4 5 6
⍬⍸1 2
⍴1 2⍸⍬
{⎕IO←0 ⋄ 10 20 30⍸⍵}5 10 25 40
v←2×⍳5
v⍸3 7 100
(v⍸v)≡⍳5
⍝ == expected
⍝ 0 1 2 3
⍝ 2
⍝ 0 1
⍝ 2 3
⍝ 0 1 2
⍝ 2 0
⍝ 0 1 1
⍝ 0 0
⍝ 0
⍝ ¯1 0 1 2
⍝ 1 3 5
⍝ 1
