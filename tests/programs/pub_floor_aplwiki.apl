⍝ Source: APL Wiki, "Floor" (https://www.aplwiki.com/wiki/Floor), Examples and Properties
⍝ Changed: the tolerant-floor example (⌊v for v within ⎕CT of 1 is 1 in Dyalog) is left out:
⍝ aplc's floor is exact, a documented difference (docs/semantics.md, "No comparison tolerance").
⌊2 2.8 ¯2 ¯2.8
⌊0.5+2 2.3 2.5 2.8
⌊10 20 30÷3
⍝ == expected
⍝ 2 2 ¯2 ¯3
⍝ 2 2 3 3
⍝ 3 6 10
