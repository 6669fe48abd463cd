⍝ Source: dfns workspace, "sieve" notes (http://dfns.dyalog.com/n_sieve.htm): "A succinct way
⍝ to express the vector of prime numbers up to, say, 100". Unchanged.
(~v∊v∘.×v)/v←1↓⍳100
⍝ == expected
⍝ 2 3 5 7 11 13 17 19 23 29 31 37 41 43 47 53 59 61 67 71 73 79 83 89 97
