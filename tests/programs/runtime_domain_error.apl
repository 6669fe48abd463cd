⍝ Division by zero is a DOMAIN ERROR.
x←+/0 0
÷x
⍝ == expected
⍝ error: DOMAIN ERROR
