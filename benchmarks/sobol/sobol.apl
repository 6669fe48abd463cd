⍝ Sobol MC π: Monte-Carlo approximation of π from the first N points (i = 1..N) of the
⍝ two-dimensional Sobol sequence: 4 × the fraction of points inside the unit quarter circle.
⍝ Coordinate j of point i is the XOR of the direction numbers of dimension j selected by the set
⍝ bits of i (no Gray-code reordering), computed as in the thesis's option pricer: the bits of i
⍝ as an N×B matrix, and an inner product ⎕INT32XOR.× with the B×2 matrix of direction numbers.
⍝ Direction numbers are B-bit integers (coordinates are exact binary fractions: ÷2*B).
⍝ Dimension 1 (direction numbers 2*-k) is the van der Corput sequence: the bits of i reversed.
⍝ Dimension 2 (primitive polynomial x+1) has direction number k with bit b set exactly when
⍝ the binomial (k-1)!(b-1) is odd; by Lucas's theorem, when the bits of b-1 are among those of k-1.
⍝ Sizes: N=10000 (thesis Table 3.1), N=10000000 (Tables 3.5 and 3.6).
N ← 10000
B ← 30                                   ⍝ bits per coordinate

small ← 2|⌊(¯1+⍳B)∘.÷2*¯1+⍳B              ⍝ B×B: [k;b] = bit b-1 of k-1
dir2bits ← small ∧.≥ ⍉small               ⍝ B×B: [k;b] = bit b (from the top) of direction number k
weights ← ⌊2*B-⍳B                         ⍝ value of bit b (from the top) of a B-bit integer
dirs ← ⍉ 2 B ⍴ weights, dir2bits +.× weights   ⍝ B×2: the direction numbers of both dimensions

bits ← 1 ⎕INT32AND (⍳N) ∘.⎕INT32SHR ¯1+⍳B  ⍝ N×B: bit k-1 of each i, least significant first
xy ← (bits ⎕INT32XOR.× dirs)÷2*B          ⍝ N×2: the points
x ← xy[;1]
y ← xy[;2]

⎕ ← 4×(+/1>(x×x)+y×y)÷N
