⍝ Tradfns and control structures: headers (niladic, monadic, dyadic, no result, a shy result,
⍝ ;locals, ;⎕IO), :If/:ElseIf/:Else, :While, :Repeat/:Until, :For/:In, :Return (at top level, in
⍝ an :If, inside loops), arguments reassigned, indexed and modified assignment in loops, types
⍝ that widen in a loop, and tradfns called from dfns, through ¨, and from each other.
∇ r←Sign x
  :If x>0
    r←1
  :ElseIf x<0
    r←¯1
  :Else
    r←0
  :EndIf
∇
∇ r←Clamp x
  r←x
  :If r>10 ⋄ r←10 ⋄ :EndIf
∇
∇ r←Answer
  r←42
∇
∇ Greet name
  ⎕←'Hello, ',name
∇
∇ {r}←Twice x
  r←2×x
∇
∇ r←n Count v;i
  r←0
  :For i :In v
    :If i=n
      r+←1
    :EndIf
  :EndFor
∇
∇ r←Halve x;n
  n←0
  :Repeat
    x←x÷2
    n+←1
  :Until x<1
  r←n x
∇
∇ r←Origin0 n;⎕IO
  ⎕IO←0
  r←⍳n
∇
∇ r←Find v;i
  r←0
  :For i :In ⍳≢v
    :If v[i]<0
      r←i
      :Return
    :EndIf
  :EndFor
  r←¯1
∇
∇ r←Early x
  r←'small'
  :If x<10
    :Return
  :EndIf
  r←'large'
∇
∇ r←Squares n;i
  r←n⍴0
  :For i :In ⍳n
    r[i]←i×i
  :EndFor
∇
∇ r←Grid m;i;j;t
  t←0
  :For i :In ⍳1↑⍴m
    :For j :In ⍳¯1↑⍴m
      t+←m[i;j]×i
    :EndFor
  :EndFor
  r←t
∇
∇ r←NoPass n
  r←'none'
  :While n>100
    r←'some'
    n←n-1
  :EndWhile
∇
Sign¨¯3 0 5
Clamp 4
Clamp 40
Answer+1
Greet 'world'
Twice 4
y←Twice 4
y
2 Count 1 2 2 3 2
Halve 10
Origin0 4
⍳3
Find 3 1 ¯4 2 ¯5
Find 1 2
Early 5
Early 50
Squares 5
Grid 2 3⍴⍳6
NoPass 5
{Sign ⍵-2}¨⍳3
⍝ == expected
⍝ ¯1 0 1
⍝ 4
⍝ 10
⍝ 43
⍝ Hello, world
⍝ 8
⍝ 3
⍝ 4 0.625
⍝ 0 1 2 3
⍝ 1 2 3
⍝ 3
⍝ ¯1
⍝ small
⍝ large
⍝ 1 4 9 16 25
⍝ 36
⍝ none
⍝ ¯1 0 1
