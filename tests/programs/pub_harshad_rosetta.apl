⍝ Source: Rosetta Code, "Harshad or Niven series" (https://rosettacode.org/wiki/Harshad_or_Niven_series):
⍝ the first 20 members and the first member greater than 1000, stated as
⍝ 1 2 3 4 5 6 7 8 9 10 12 18 20 21 24 27 30 36 40 42 and 1002. A flat APL solution: the digit
⍝ sums of a vector of numbers are the column sums of their decimal encoding.
harshad←{0=(+⌿(6⍴10)⊤⍵)|⍵}
20↑(harshad v)/v←⍳1000
⊃(harshad v)/v←1000+⍳1000
⍝ == expected
⍝ 1 2 3 4 5 6 7 8 9 10 12 18 20 21 24 27 30 36 40 42
⍝ 1002
