⍝ Source: Rosetta Code, "Sum of a series" (https://rosettacode.org/wiki/Sum_of_a_series): S(1000)
⍝ of 1/k², stated as 1.643934566681554 (AutoHotkey, 16 digits) and 1.64393456668156; printed here
⍝ in Dyalog's default display (⎕PP 10 significant digits).
+/÷2*⍨⍳1000
+/÷(⍳1000)*2
⍝ == expected
⍝ 1.643934567
⍝ 1.643934567
