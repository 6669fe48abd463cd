⍝ Source: APL Wiki, "Decode" (https://aplwiki.com/wiki/Decode), APL model and Examples.
⍝ Changed: ∘.≡⍨ (match) is written ∘.=⍨, the same on simple scalars.
0 24 60⊥∘.=⍨⍳3
⌽×\1,⌽1↓0 24 60
10⊥∘.=⍨⍳3
⌽×\1,⌽1↓3⍴10
10⊥1 2 3 4 5
2⊥1 0 1 0 1
¯3⊥2 0 0 3 1
⍝ == expected
⍝ 1440 60 1
⍝ 1440 60 1
⍝ 100 10 1
⍝ 100 10 1
⍝ 12345
⍝ 21
⍝ 154
