⍝ A boolean count selects whether the function applies (the corpus's else idiom).
({⍵+1}⍣(2>1))5
({⍵+1}⍣(2<1))5
else←{(⍺⍺⍣⍺)(⍵⍵⍣(~⍺))⍵}
n←+/1 1
(n>1){⍵×10}else{⍵-1}3
(n>5){⍵×10}else{⍵-1}3
⍝ == expected
⍝ 6
⍝ 5
⍝ 30
⍝ 2
