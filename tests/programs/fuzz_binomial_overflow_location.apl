⍝ An overflow inside binomial's derived arithmetic (found by tests/fuzz, seed 654828): compiled
⍝ code reported it without a location (the elaborator builds those subtractions unlocated); it
⍝ is reported at the ! like every error of the derived function.
v2←(0⍴⍬)∘.-((-¯3)!(1⍴¯9223372036854775807))
v2
⍝ == expected
⍝ error: 4:18: DOMAIN ERROR
