⍝ Match and not-match compare shapes and elements.
1 2 3≡1 2 3
1 2≡1 2 3
(2 2⍴1)≡2 2⍴1
(2 2⍴1)≡2 2⍴1 0
5≡,5
'ab'≢'ab'
≡5
≡1 2
⍝ == expected
⍝ 1
⍝ 0
⍝ 1
⍝ 0
⍝ 0
⍝ 0
⍝ 0
⍝ 1
