⍝ Source: Dyalog APL Language Reference, "Transpose (Dyadic)" R←X⍉Y
⍝ (https://dyalog.github.io/documentation/20.0/language-reference-guide/primitive-functions/transpose-dyadic),
⍝ Examples. Changed: A is built as 2 3 4⍴⍳24 (the values the page shows); results are printed in
⍝ Dyalog's display (columns as wide as their widest item over all planes). The diagonal
⍝ examples 1 1 1⍉A (1 18) and 1 1 2⍉A are left out: aplc does not support repeated axes.
A←2 3 4⍴⍳24
2 1 3⍉A
⍝ == expected
⍝  1  2  3  4
⍝ 13 14 15 16
⍝
⍝  5  6  7  8
⍝ 17 18 19 20
⍝
⍝  9 10 11 12
⍝ 21 22 23 24
