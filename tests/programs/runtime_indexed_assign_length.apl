⍝ v[I]←X with as many values as indices only at run time: a LENGTH ERROR otherwise.
v←⍳5
n←+/1 1
v[⍳n]←7 8
v
v[⍳n]←1 2 3
⍝ == expected
⍝ 7 8 3 4 5
⍝ error: LENGTH ERROR
