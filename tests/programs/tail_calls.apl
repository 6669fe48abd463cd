⍝ Tail-recursive dfns run as loops: every call of the function itself (∇ or its name) is the
⍝ whole result of a guard or of its last statement. Euclid's GCD (Rosetta Code, "Greatest common
⍝ divisor": 40902 24140 gives 34), the arithmetic-geometric mean (Rosetta Code: 1 agm 1÷√2 is
⍝ 0.8472130848), the hailstone count of 27 (112 numbers) with a default left argument, an
⍝ accumulating sum and reverse, a call by name, a print in each pass, and arguments whose types
⍝ widen (an integer becoming a double) and whose lengths change.
gcd←{⍵=0:⍺ ⋄ ⍵ ∇ ⍵|⍺}
40902 gcd 24140
agm←{(|⍺-⍵)<1E¯15:⍺ ⋄ ((⍺+⍵)÷2)∇(⍺×⍵)*0.5}
1 agm ÷2*0.5
count←{⍺←1 ⋄ ⍵=1:⍺ ⋄ 0=2|⍵:(⍺+1)∇ ⍵÷2 ⋄ (⍺+1)∇ 1+3×⍵}
count 27
count¨1 2 3 6 7
sumTo←{⍺←0 ⋄ ⍵=0:⍺ ⋄ (⍺+⍵)∇ ⍵-1}
sumTo 100
rev←{⍺←⍬ ⋄ 0=≢⍵:⍺ ⋄ (⍺,⍨1↑⍵)∇ 1↓⍵}
rev 1 2 3 4
rev ⍬
down←{⍵≤0:'done' ⋄ ⎕←⍵ ⋄ down ⍵-1}
down 3
halve←{⍵<1:⍵ ⋄ ∇ ⍵÷2}
halve 10
digits←{⍺←⍬ ⋄ ⍵<10:⍵,⍺ ⋄ ((10|⍵),⍺)∇ ⌊⍵÷10}
digits 90210
⍝ == expected
⍝ 34
⍝ 0.8472130848
⍝ 112
⍝ 1 2 8 9 17
⍝ 5050
⍝ 4 3 2 1
⍝
⍝ 3
⍝ 2
⍝ 1
⍝ done
⍝ 0.625
⍝ 9 0 2 1 0
