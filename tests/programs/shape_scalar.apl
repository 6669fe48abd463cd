⍝ The shape of a scalar is empty; its rank is 0.
⍴5
⍴⍴5
⍴,5
⍝ == expected
⍝
⍝ 0
⍝ 1
