⍝ Source: Dyalog forum thread "Decode Problem" (2018) on exercise K-1 of "Mastering Dyalog APL"
⍝ (page 461): the results stated there, and Veli-Matti's dfns that explain them. Unchanged.
0⊥12 34 60 77 19
1⊥12 34 60 77 19
2⊥12 34 60 77 19
⎕IO←1
0{⍺⊥⍵}12 34 60 77 19
1{+/⍵×⍺*⌽¯1+⍳≢⍵}12 34 60 77 19
2{+/⍵×⍺*(≢⍵)-⍳≢⍵}12 34 60 77 19
3{+/⍵×⍺*(⊢-⍳)≢⍵}12 34 60 77 19
⎕IO←0
3{+/⍵×⍺*⌽⍳≢⍵}12 34 60 77 19
⍝ == expected
⍝ 19
⍝ 202
⍝ 877
⍝ 19
⍝ 202
⍝ 877
⍝ 2680
⍝ 2680
