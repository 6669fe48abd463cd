⍝ Rosetta Code, "Greatest common divisor" (40902 and 24140 give 34), "Sorting algorithms/Bubble
⍝ sort" and "Factorial" (10! and 20!), as tradfns: Euclid's :While, nested :For loops swapping
⍝ with indexed assignment, and a :For product.
∇ r←a Gcd b;t
  :While b≠0
    t←b
    b←b|a
    a←t
  :EndWhile
  r←a
∇
∇ r←BubbleSort v;i;j;t;n
  r←v
  n←≢r
  :For i :In ⍳n-1
    :For j :In ⍳n-i
      :If r[j]>r[j+1]
        t←r[j]
        r[j]←r[j+1]
        r[j+1]←t
      :EndIf
    :EndFor
  :EndFor
∇
∇ r←Factorial n;i
  r←1
  :For i :In ⍳n
    r←r×i
  :EndFor
∇
40902 Gcd 24140
BubbleSort 3 1 4 1 5 9 2 6 5 3 5
BubbleSort 5 ¯2 0 2.5
Factorial 10
Factorial 20
Factorial 0
⍝ == expected
⍝ 34
⍝ 1 1 2 3 3 4 5 5 5 6 9
⍝ ¯2 0 2.5 5
⍝ 3628800
⍝ 2432902008176640000
⍝ 1
