⍝ ⎕PP, the significant digits of displayed doubles (Dyalog Language Reference, "Print
⍝ Precision"): ÷3 6 shows 0.3333333333 0.1666666667 with ⎕PP 10 and 0.333 0.167 with ⎕PP 3.
⍝ Integers are shown whole; a number needing more digits before the point than ⎕PP is scaled.
⍝ ⍕ follows ⎕PP too; a dfn or a tradfn with ;⎕PP keeps its own.
÷3 6
⎕PP←3
÷3 6
2÷3
123456789
123456.7
⍕÷3
⍴⍕÷3
⎕PP
m←2 2⍴÷⍳4
m
⎕PP←17
÷3
0.1+0.2
{⎕PP←2 ⋄ ⍕÷7}0
÷7
∇ r←Third x;⎕PP
  ⎕PP←4
  r←⍕x÷3
∇
Third 1
⎕PP←10
÷3
⍝ == expected
⍝ 0.3333333333 0.1666666667
⍝ 0.333 0.167
⍝ 0.667
⍝ 123456789
⍝ 1.23E5
⍝ 0.333
⍝ 5
⍝ 3
⍝ 1     0.5 
⍝ 0.333 0.25
⍝ 0.33333333333333331
⍝ 0.30000000000000004
⍝ 0.14
⍝ 0.14285714285714285
⍝ 0.3333
⍝ 0.3333333333
