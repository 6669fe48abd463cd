⍝ Source: APL Wiki, "Encode" (https://aplwiki.com/wiki/Encode), Concept and Examples.
⍝ Changed: the example with a matrix left argument (8 3⍴2 10 16)⊤121 is left out (aplc's
⍝ ⊤ takes a scalar or vector left argument).
60|12345
60÷⍨12345-45
24|205
24÷⍨205-13
7|8
7÷⍨8-1
0 7 24 60⊤12345
10⊤12345
(10⍴10)⊤12345
((1+⌊10⍟12345)⍴10)⊤12345
⍝ == expected
⍝ 45
⍝ 205
⍝ 13
⍝ 8
⍝ 1
⍝ 1
⍝ 1 1 13 45
⍝ 5
⍝ 0 0 0 0 0 1 2 3 4 5
⍝ 1 2 3 4 5
