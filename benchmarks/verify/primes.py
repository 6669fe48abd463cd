"""primes, small size, by trial division up to the square root (a different algorithm)."""
N = 1000
primes = [n for n in range(2, N + 1) if all(n % d for d in range(2, int(n ** 0.5) + 1))]
print(len(primes), sum(primes))
