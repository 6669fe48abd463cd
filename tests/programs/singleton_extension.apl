⍝ A one-element array extends like a scalar in scalar dyadic functions (singleton extension), when
⍝ its one element is known at compile time, whatever the other argument's length.
m←2 3⍴⍳6
(+/m)÷¯1↑⍴m
v←⍳+/2 2
v+1↑10 20
(,5)×v
(1↑⍴m)×v
⍝ == expected
⍝ 2 5
⍝ 11 12 13 14
⍝ 5 10 15 20
⍝ 2 4 6 8
