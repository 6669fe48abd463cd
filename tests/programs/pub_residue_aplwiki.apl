⍝ Source: APL Wiki, "Residue" (https://aplwiki.com/wiki/Residue), Examples and Caveats
⍝ (Dyalog's definition for zero and negative left arguments). Changed: the complex examples
⍝ (3J4|5J12) are left out: aplc does not support dyadic | on complex numbers.
2|¯2 ¯1 0 1 2 3 4 5
3.5|5 10 14
5 5 ¯5 ¯5 0 0|2 ¯2 2 ¯2 2 ¯2
⍝ == expected
⍝ 0 1 0 1 0 1 0 1
⍝ 1.5 3 0
⍝ 2 3 ¯3 ¯2 2 ¯2
