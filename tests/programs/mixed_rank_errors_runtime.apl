⍝ A zipWith of equal ranks whose shapes differ at run time.
n←+/1 1
a←n 3⍴1
b←2 2⍴1
⎕←⍴a
a+b
⍝ == expected
⍝ 2 3
⍝ error: LENGTH ERROR
