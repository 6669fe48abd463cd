⍝ Sobol MC π: Monte-Carlo approximation of π from the first N points (i = 1..N) of the
⍝ two-dimensional Sobol sequence: 4 × the fraction of points inside the unit quarter circle.
⍝ Bit operations are written on bit arrays, as in ordinary APL (no ⎕INT32XOR):
⍝   point i, coordinate j, bit b = ≠/ (bits of i) ∧ (bit b of the direction numbers of j),
⍝ i.e. the XOR of the direction numbers selected by the set bits of i.
⍝ Dimension 1 (direction numbers 2*-k) is the van der Corput sequence: the bits of i reversed.
⍝ Dimension 2 (primitive polynomial x+1) has direction number k with bit b set exactly when
⍝ the binomial (k-1)!(b-1) is odd; by Lucas's theorem, when the bits of b-1 are among those of k-1.
⍝ Sizes: N=10000 (thesis Table 3.1), N=10000000 (Tables 3.5 and 3.6).
N ← 10000
B ← 30                                   ⍝ bits per coordinate

bitsOf ← {2|⌊⍵∘.÷2*¯1+⍳B}               ⍝ (⍴⍵)×B: bit k-1 of each item, least significant first
bits ← bitsOf ⍳N
small ← bitsOf ¯1+⍳B                      ⍝ bits of 0 .. B-1
dir2 ← small ∧.≥ ⍉small                   ⍝ B×B: [k;b] = bit b (from the top) of direction number k
weights ← ÷2*⍳B                          ⍝ value of bit b: 2*-b

x ← bits +.× weights
y ← (bits ≠.∧ dir2) +.× weights

⎕ ← 4×(+/1>(x×x)+y×y)÷N
