"""blackscholes, small size: the same formulas evaluated by Python's math library; also checks
that the polynomial CND stays within 1e-6 of the exact normal distribution (erf), and that the
single option with T=1 prices at apltail's blackscholes.out.ok value 5.34836535975."""
import math

N = 1000
S, X, r, v = 60.0, 65.0, 0.1, 0.2
A = [0.31938153, -0.356563782, 1.781477937, -1.821255978, 1.330274429]


def cnd(x):
    l = abs(x)
    k = 1 / (1 + 0.2316419 * l)
    poly = 0.0
    for j in range(5, 0, -1):
        poly = A[j - 1] * k ** j + poly
    w = 1 - ((1 / (2 * math.pi) ** 0.5) * (math.exp(-(l * l) / 2) * poly))
    return 1 - w if x < 0 else w


def exact(x):
    return 0.5 * (1 + math.erf(x / math.sqrt(2)))


def call(t, normal=cnd):
    d1 = (math.log(S / X) + (r + v ** 2 / 2) * t) / (v * t ** 0.5)
    d2 = d1 - v * t ** 0.5
    return S * normal(d1) - (X * math.exp(-r * t)) * normal(d2)


assert abs(call(1.0) - 5.34836535975) < 1e-10
prices = [call(i / N) for i in range(1, N + 1)]
assert abs(sum(prices) / N - sum(call(i / N, exact) for i in range(1, N + 1)) / N) < 1e-6
total = 0.0
for p in reversed(prices):
    total = p + total
print('%.10g' % (total / N))
