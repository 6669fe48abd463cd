⍝ A negative ⍣ count computed at run time, for a function aplc cannot invert: a DOMAIN ERROR
⍝ (never the silent 0 iterations it once gave).
n←-+/1 1
({⍵+1}⍣n)0
⍝ == expected
⍝ error: DOMAIN ERROR
