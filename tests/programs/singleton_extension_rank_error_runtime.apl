⍝ Different ranks, element counts known only at run time, neither argument with one element.
n←+/1 1=1
m←(n,n)⍴1
m+(n+1)⍴2
⍝ == expected
⍝ error: RANK ERROR
