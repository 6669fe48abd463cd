"""hotspot, small size, with Rodinia's own formulation: explicit corner and edge cases instead of
the APL's "a missing neighbour is the cell itself", and Rodinia's left-to-right grouping."""
N, M = 20, 32
tchip, chip_height, chip_width, amb = 0.0005, 0.016, 0.016, 80.0
gh, gw = chip_height / M, chip_width / M
cap = 0.5 * 1.75e6 * tchip * gw * gh
rx = gw / (2.0 * 100 * tchip * gh)
ry = gh / (2.0 * 100 * tchip * gw)
rz = tchip / (100 * gh * gw)
step = 0.001 / (3.0e6 / (0.5 * tchip * 1.75e6))
t = [[323 + 0.01 * ((r * c) % 997) for c in range(1, M + 1)] for r in range(1, M + 1)]
p = [[0.0002 * ((r + 3 * c) % 50) for c in range(1, M + 1)] for r in range(1, M + 1)]
for _ in range(N):
    new = [[0.0] * M for _ in range(M)]
    for r in range(M):
        for c in range(M):
            here = t[r][c]
            if 0 < c < M - 1: ew = (t[r][c + 1] + t[r][c - 1] - 2.0 * here) / rx
            elif c == 0: ew = (t[r][c + 1] - here) / rx
            else: ew = (t[r][c - 1] - here) / rx
            if 0 < r < M - 1: ns = (t[r + 1][c] + t[r - 1][c] - 2.0 * here) / ry
            elif r == 0: ns = (t[r + 1][c] - here) / ry
            else: ns = (t[r - 1][c] - here) / ry
            new[r][c] = here + (step / cap) * (p[r][c] + ew + ns + (amb - here) / rz)
    t = new
flat = [v for row in t for v in row]
print('%.10g %.10g %.10g' % (min(flat), max(flat), sum(flat) / (M * M)))
