n←+/1 1
a b←⍳n
