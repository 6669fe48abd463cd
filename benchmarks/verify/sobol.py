"""sobol, small size, following the APL array by array (the ∧.≥ direction-number bit matrix, the
direction numbers as B-bit integers, the ⎕INT32XOR.× inner product with the bits of i); checks the
direction numbers against the known ones of the second Sobol dimension (m = 1 3 5 15 17 51 85 255,
from m_k = 2m_(k-1) XOR m_(k-1))."""
N, B = 10000, 30


def bits_of(values):
    return [[(x >> k) & 1 for k in range(B)] for x in values]


small = bits_of(range(B))
dir2bits = [[int(all(small[k][t] >= small[b][t] for t in range(B))) for b in range(B)] for k in range(B)]
m, known = 1, []
for k in range(B):
    known.append(m)
    m = (m << 1) ^ m
assert [sum(dir2bits[k][b] << (k - b) for b in range(k + 1)) for k in range(B)] == known
assert known[:8] == [1, 3, 5, 15, 17, 51, 85, 255]
weights = [2 ** (B - 1 - b) for b in range(B)]
dirs = [weights, [sum(dir2bits[k][b] * weights[b] for b in range(B)) for k in range(B)]]
inside = 0
for row in bits_of(range(1, N + 1)):
    x, y = (0, 0)
    for k in range(B):
        x ^= row[k] * dirs[0][k]
        y ^= row[k] * dirs[1][k]
    x, y = x / 2 ** B, y / 2 ** B
    inside += 1 > x * x + y * y
print('%.10g' % (4 * (inside / N)))
