⍝ Doubles follow IEEE 754: overflow gives ∞, ∞-∞ gives NaN and NaN propagates; comparisons with
⍝ NaN are false (≠ true). Displayed as ∞ ¯∞ NaN. Converting NaN to an integer stays an error.
big ← 1E300 × 1E300
n ← big - big
big (-big) n (n+1) (0×big)
(n<4) (n>4) (n=n) (n≠n) (big>1E308)
⌊n
⍝ == expected
⍝ ∞ ¯∞ NaN NaN NaN
⍝ 0 0 0 1 1
⍝ error: DOMAIN ERROR
