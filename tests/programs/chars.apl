⍝ Characters: vectors, matrices, comparisons.
'hello'
⍴'hello'
2 3⍴'abcdef'
'a'='abc'
'ab','cd'
'x',1↓'yz'
⍝ == expected
⍝ hello
⍝ 5
⍝ abc
⍝ def
⍝ 1 0 0
⍝ abcd
⍝ xz
