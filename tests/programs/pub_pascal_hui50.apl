⍝ Source: Roger Hui, "50 Years of APL" / jsoftware papers "8. Pascal's Triangle"
⍝ (https://www.jsoftware.com/papers/50/50_08.htm): P 10 and the remark "∘.!⍨⍳n also computes
⍝ Pascal's triangle of order n". Changed: P uses nested arrays (↑ and ¨ of a ⍣ result), so the
⍝ table is computed as ∘.!⍨⍳10 in ⎕IO 0 (as in the paper), transposed to P 10's orientation
⍝ (row i, column j holds j!i).
⎕IO←0
⍉∘.!⍨⍳10
⍝ == expected
⍝ 1 0  0  0   0   0  0  0 0 0
⍝ 1 1  0  0   0   0  0  0 0 0
⍝ 1 2  1  0   0   0  0  0 0 0
⍝ 1 3  3  1   0   0  0  0 0 0
⍝ 1 4  6  4   1   0  0  0 0 0
⍝ 1 5 10 10   5   1  0  0 0 0
⍝ 1 6 15 20  15   6  1  0 0 0
⍝ 1 7 21 35  35  21  7  1 0 0
⍝ 1 8 28 56  70  56 28  8 1 0
⍝ 1 9 36 84 126 126 84 36 9 1
