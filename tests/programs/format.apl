⍝ Format (⍕) of numbers, inside strings.
⍕42
⍴⍕123
'x=',⍕3.5
'v: ',⍕1 2 ¯3
⍝ == expected
⍝ 42
⍝ 3
⍝ x=3.5
⍝ v: 1 2 ¯3
