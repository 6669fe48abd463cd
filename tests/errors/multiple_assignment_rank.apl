m←2 2⍴1
a b←m
