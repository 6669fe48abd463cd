"""mandelbrot, small size, following the APL plane by plane; also draws apltail's picture
(mandelbrot.out.ok: ⌈9×count÷N through '$#Oo*=+:- ') from the counts and compares."""
import math
import os

W, H, N = 20, 12, 90
CORPUS = os.path.join(os.path.dirname(__file__), '../../../shared/conformance/apltail/mandelbrot.out.ok')
dx, dy = (0.75 - -2) / W, (0.75 - -0.75) / H
cx = [[-2 + dx * (c + 1) for c in range(W)] for r in range(H)]
cy = [[-0.75 + dy * (r + 1) for c in range(W)] for r in range(H)]
zx = [[0.0] * W for _ in range(H)]
zy = [[0.0] * W for _ in range(H)]
count = [[0] * W for _ in range(H)]
for _ in range(N):
    for r in range(H):
        for c in range(W):
            a, b = zx[r][c], zy[r][c]
            zzx = cx[r][c] + (a * a - b * b)
            zzy = cy[r][c] + (a * b + a * b)
            inside = int(4 > zzx * zzx + zzy * zzy)
            zx[r][c] = inside * zzx + (1 - inside) * a
            zy[r][c] = inside * zzy + (1 - inside) * b
            count[r][c] += 1 - inside
if os.path.exists(CORPUS):  # shared/ sits beside the clone
    picture = [''.join('$#Oo*=+:- '[math.ceil(9 * v / N)] for v in row) for row in count]
    expected = [line[1:] for line in open(CORPUS).read().split('\n')[1:H + 1]]  # apltail indents
    assert picture == expected
print(sum(map(sum, count)), sum(v == 0 for row in count for v in row))
