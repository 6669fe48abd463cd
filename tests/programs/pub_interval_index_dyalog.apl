⍝ Source: Dyalog APL Language Reference, "Interval Index" (R←X⍸Y,
⍝ http://help.dyalog.com/latest/Content/Language/Primitive%20Functions/Interval%20Index.htm),
⍝ numeric example (⎕IO 1). Changed: the character example 'AEIOU'⍸'DYALOG' (1 5 1 3 4 2) is
⍝ left out: aplc's ⍸ takes numbers only; the olive-oil example uses nested strings.
10 20 30⍸11 1 31 21
⍝ == expected
⍝ 1 0 3 2
