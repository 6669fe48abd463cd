⍝ Logarithms and exponentials (⍟ * with one and two arguments).
2⍟8
⍟1
*0
10⍟1000
⌊0.5+100×*1
⍝ == expected
⍝ 3
⍝ 0
⍝ 1
⍝ 3
⍝ 272
