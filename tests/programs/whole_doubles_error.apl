⍝ A double that is not a whole number where an integer is needed is a DOMAIN ERROR at run time.
v←⍳10
n←+/2 3
(n÷2)↑v
⍝ == expected
⍝ error: DOMAIN ERROR
