⍝ Reading a vector of integers from a file (⎕ReadIntVecFile).
v←⎕ReadIntVecFile 'data_ints.txt'
v
+/v
⍝ == expected
⍝ 3 ¯1 4 1 5
⍝ 12
