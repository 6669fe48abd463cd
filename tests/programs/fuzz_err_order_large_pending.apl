⍝ An assigned array nobody has read yet, too large for a later check's cold branch, versus the
⍝ next statement's error (found by tests/fuzz, seed 654181): v1's division by zero comes
⍝ first in APL; compiled, v1 (binomial's code) is validated before the next statement fails.
v1←÷((⌈(⌽7.5 0.1 0.5))!(0 0 1\((1⍴¯2)≠7)))
(÷(3 0 1/(1 1 0×¯2 ¯6 ¯9)))[2 4 3 2]
(2 1 0 0 0/(|(⍳5)))∨.∧(((0 1⍴⍬)[1;1 1])⌈(2.25≠(1⍴0.5)))
v1[2 1 4 1]←¯1.5 0.001 0.001 30000000000
v1
⍝ == expected
⍝ error: 4:4: DOMAIN ERROR
