⍝ Display of arrays of rank ≥ 3 as Dyalog prints them: planes separated by one blank line, the
⍝ planes of a rank-4 array's hyperplanes by two; character planes too.
2 2 2 2⍴⍳16
2 2 3⍴'abcdefghijkl'
⍝ == expected
⍝  1  2
⍝  3  4
⍝
⍝  5  6
⍝  7  8
⍝
⍝
⍝  9 10
⍝ 11 12
⍝
⍝ 13 14
⍝ 15 16
⍝ abc
⍝ def
⍝
⍝ ghi
⍝ jkl
