⍝ Source: Stefan Kruger, "Learn APL" (https://xpqz.github.io/cultivations/Encode.html),
⍝ "Encode in depth": the weights of the radix 0 7 24 60 and the check of 0 7 24 60⊤12345.
⍝ Unchanged.
0 7 24 60⊤12345
⌽×\⌽1,⍨1↓0 7 24 60
1 1 13 45+.×⌽×\⌽1,⍨1↓0 7 24 60
⍝ == expected
⍝ 1 1 13 45
⍝ 10080 1440 60 1
⍝ 12345
