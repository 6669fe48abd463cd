⍝ Source: Rosetta Code, "Binary digits" (https://rosettacode.org/wiki/Binary_digits): 5, 50 and 9000
⍝ in binary are 101, 110010 and 10001100101000. A flat APL solution: encode with as many base-2
⍝ digits as needed, then index the characters '01'.
bin←{'01'[1+((1+⌊2⍟⍵)⍴2)⊤⍵]}
bin 5
bin 50
bin 9000
⍝ == expected
⍝ 101
⍝ 110010
⍝ 10001100101000
