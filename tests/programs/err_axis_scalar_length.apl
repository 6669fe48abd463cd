⍝ The vector of a scalar function with an axis must fit that axis: a LENGTH ERROR at run time.
m←2 3⍴⍳6
m×[1]1 2 3
⍝ == expected
⍝ error: 3:2: LENGTH ERROR
