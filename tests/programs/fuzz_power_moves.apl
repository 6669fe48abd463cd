⍝ Power loops with a count known only at run time whose step moves elements (issue 17, group
⍝ 2): the per-point lowering keeps a small state in scalars, and the next values must all be
⍝ computed before any is assigned.
(⌽⍣(+/1 1))'zcA'
(¯1∘⌽⍣(+/1 1))¯1 3 ¯3
(⌽⍣(+/1 1 1))1 2 3
(⊖⍣(+/1 1 1))2 2⍴1 2 3 4
(⍉⍣(+/1 1 1))2 2⍴1 2 3 4
(1∘⌽⍣(+/1 1 1 1))2 3⍴⍳6
⍝ == expected
⍝ zcA
⍝ 3 ¯3 ¯1
⍝ 3 2 1
⍝ 3 4
⍝ 1 2
⍝ 1 3
⍝ 2 4
⍝ 2 3 1
⍝ 5 6 4
