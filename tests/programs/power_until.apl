⍝ f⍣g: f applied until (f y) g y holds, y the value before the step (the Dyalog Language
⍝ Reference's Power Operator: the golden mean as 1+∘÷⍣=1, the fixpoint of cosine); f runs at
⍝ least once; a left argument is bound to f; the state may change its length (a while loop over
⍝ it) and its type widens as a counted power's does.
1+∘÷⍣=1
2○⍣=1
{⍵×2}⍣{⍺>100}⊢1
{⌊⍵÷2}⍣{⍺=0}⊢100
{0.5×⍵+2÷⍵}⍣≡ 1 2 3
2{⍺×⍵}⍣{⍺>1000}⊢3
≢{⍵,⍵}⍣{1000<≢⍺}⊢1 2
{1↓⍵}⍣{0=≢⍺}⍳5
{⍵+1}⍣{⍺≥10}⊢0.5
{⍵}⍣{1}⊢7
collatz←{1=⍵:1 ⋄ 2|⍵:1+3×⍵ ⋄ ⌊⍵÷2}
collatz⍣{⍺=1}⊢27
{¯1↓⍵}⍣{(≢⍺)<3} 9 8 7 6 5
({⍵÷2}⍣≡) 10
⍝ == expected
⍝ 1.618033989
⍝ 0.7390851332
⍝ 128
⍝ 0
⍝ 1.414213562 1.414213562 1.414213562
⍝ 1536
⍝ 1024
⍝
⍝ 10.5
⍝ 7
⍝ 1
⍝ 9 8
⍝ 0
