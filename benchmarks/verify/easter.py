"""easter, small size, with a different algorithm: the anonymous Gregorian computus
(Meeus/Jones/Butcher) instead of the program's Knuth-style formula."""
N = 3000


def easter(y):
    a, b, c = y % 19, y // 100, y % 100
    d, e = b // 4, b % 4
    f = (b + 8) // 25
    g = (b - f + 1) // 3
    h = (19 * a + b - d - g + 15) % 30
    i, k = c // 4, c % 4
    l = (32 + 2 * e + 2 * i - h - k) % 7
    m = (a + 11 * h + 22 * l) // 451
    return (h + l - 7 * m + 114) // 31, (h + l - 7 * m + 114) % 31 + 1


assert [easter(y) for y in (2014, 2015, 2016, 2017)] == [(4, 20), (4, 5), (3, 27), (4, 16)]
print(sum(31 * (m - 3) + d - 21 for m, d in (easter(1 + (i - 1) % 3000) for i in range(1, N + 1))))
