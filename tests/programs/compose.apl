⍝ Composition f∘g, and binding an argument A∘f, f∘A.
(-∘2)9
(2∘-)9
(⍴∘⍴)2 3⍴0
({⍵+1}∘{⍵×2})5
3(+∘{⍵×2})4
⍝ == expected
⍝ 7
⍝ ¯7
⍝ 2
⍝ 11
⍝ 11
