⍝ A boolean function on a non-boolean integer is a DOMAIN ERROR at run time.
n←+/1 2
~n
⍝ == expected
⍝ error: DOMAIN ERROR
