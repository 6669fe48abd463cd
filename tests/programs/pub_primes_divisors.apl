⍝ Source: "The Sieve of Eratosthenes" (APL Wiki-style article): the one-line APL expression
⍝ (2=+⌿0=(⍳X)∘.|⍳X)/⍳X lists the primes up to and including X; its example is X=100.
⍝ Changed: X is assigned first.
X←100
(2=+⌿0=(⍳X)∘.|⍳X)/⍳X
⍝ == expected
⍝ 2 3 5 7 11 13 17 19 23 29 31 37 41 43 47 53 59 61 67 71 73 79 83 89 97
