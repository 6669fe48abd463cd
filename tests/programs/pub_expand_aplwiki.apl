⍝ Source: APL Wiki, "Expand" (https://aplwiki.com/wiki/Expand), Examples: Expand with a
⍝ Boolean left argument is the right inverse of Replicate. Changed: only these Boolean
⍝ vector examples are kept; aplc gives a DOMAIN ERROR for 1 0 3 ¯2 2\'abc' (Dyalog: a bbb  cc)
⍝ and does not support \ and ⍀ on arrays of rank > 1.
1 0 0 1 0 1\'abc'
1 0 0 1 0 1/'a  b c'
⍝ == expected
⍝ a  b c
⍝ abc
