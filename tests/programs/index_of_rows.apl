⍝ Index-of on major cells (issue 11): M⍳B with a matrix M finds each vector along B's last axis
⍝ among M's rows (Dyalog Language Reference, "Index Of": the left argument's major cells); not
⍝ found gives ≢M plus ⎕IO. Rows of numbers, of characters (a word list), a matrix of queries
⍝ whose result is a vector, one query (a scalar result), none (an empty result), the matrices
⍝ that are the major cells of a rank-3 array, under ⎕IO←0, and a LENGTH ERROR when the queries
⍝ are not as long as the rows.
m←3 2⍴⍳6
m⍳2 2⍴3 4 9 9
m⍳5 6
words←4 3⍴'catdogcowant'
words⍳2 3⍴'cowpig'
⍴m⍳0 2⍴0
a←2 2 2⍴⍳8
a⍳3 2 2⍴1 2 3 4 0 0 0 0 5 6 7 8
⎕IO←0
m⍳3 2⍴1 2 5 6 0 0
m⍳1 3⍴1 2 3
⍝ == expected
⍝ 2 4
⍝ 3
⍝ 3 5
⍝ 0
⍝ 1 3 2
⍝ 0 2 3
⍝ error: 17:2: LENGTH ERROR
