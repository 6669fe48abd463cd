"""sobol, small size, following the APL array by array (bit matrices, the ∧.≥ direction-number
matrix, the ≠.∧ inner product); checks the direction numbers against the known ones of the
second Sobol dimension (m = 1 3 5 15 17 51 85 255, from m_k = 2m_(k-1) XOR m_(k-1))."""
N, B = 10000, 30


def bits_of(values):
    return [[(x >> k) & 1 for k in range(B)] for x in values]


bits = bits_of(range(1, N + 1))
small = bits_of(range(B))
dir2 = [[int(all(small[k][t] >= small[b][t] for t in range(B))) for b in range(B)] for k in range(B)]
m, known = 1, []
for k in range(B):
    known.append(m)
    m = (m << 1) ^ m
assert [sum(dir2[k][b] << (k - b) for b in range(k + 1)) for k in range(B)] == known
assert known[:8] == [1, 3, 5, 15, 17, 51, 85, 255]
w = [2.0 ** -(b + 1) for b in range(B)]
inside = 0
for row in bits:
    x = sum(row[b] * w[b] for b in range(B))
    ybits = [sum(row[k] & dir2[k][b] for k in range(B)) % 2 for b in range(B)]
    y = sum(ybits[b] * w[b] for b in range(B))
    inside += 1 > x * x + y * y
print('%.10g' % (4 * (inside / N)))
