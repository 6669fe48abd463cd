⍝ A dfn's free names are looked up when it runs (Dyalog), not when it is defined; a dfn may use a
⍝ function or array defined after it, as long as it exists when the dfn is called.
a←3
f←{a×⍵}
a←4
f 2
g←{⍵+later ⍵}
later←{⍵×2}
g 3
later←{⍵×10}
g 3
h←{k←⍵ ⋄ q←{k+⍵} ⋄ k←100 ⋄ q 1}
h 5
c0←{⍵+c}
c←7
c0 1
c←8
c0 1
a
outer←{f←{g ⍵} ⋄ g←{⍵+1} ⋄ f ⍵}
outer 1
⍝ == expected
⍝ 8
⍝ 9
⍝ 33
⍝ 101
⍝ 8
⍝ 9
⍝ 4
⍝ 2
