⍝ Only , ↑ ↓ take an axis of several numbers.
m←3 4⍴⍳12
⌽[1 2]m
