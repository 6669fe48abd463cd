⍝ Left and right tacks.
1⊣2
1⊢2
⊢5
⊣'a'
⍝ == expected
⍝ 1
⍝ 2
⍝ 5
⍝ a
