⍝ Source: APL Wiki, "Logarithm" (https://aplwiki.com/wiki/Logarithm), Examples and Properties.
⍝ Changed: the page shows (2 Digits 100) (2 ToBase 100) as a nested pair with ToBase←⊥⍣¯1;
⍝ here the two items are printed separately and ToBase is written as encode with Digits
⍝ digits; the identity 2 (*⍣¯1 ≡ ⍟) ⍳10 is left out (inverse and match of functions).
2⍟0.5 1 2 32 1024
Digits←{1+⌊⍺⍟⍵}
ToBase←{((⍺ Digits ⍵)⍴⍺)⊤⍵}
2 Digits 100
2 ToBase 100
10 Digits 100
10 ToBase 100
2*1 2 3 4 5
2⍟2 4 8 16 32
2⍟÷2 4 8 16 32
(÷2)⍟2 4 8 16 32
⍝ == expected
⍝ ¯1 0 1 5 10
⍝ 7
⍝ 1 1 0 0 1 0 0
⍝ 3
⍝ 1 0 0
⍝ 2 4 8 16 32
⍝ 1 2 3 4 5
⍝ ¯1 ¯2 ¯3 ¯4 ¯5
⍝ ¯1 ¯2 ¯3 ¯4 ¯5
