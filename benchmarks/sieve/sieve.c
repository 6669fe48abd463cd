/* sieve.c: hand-written C baseline for sieve.apl (the sieve of Eratosthenes as a loop).
 * The same flags (one integer per number, as the APL stores its n⍴1), the same candidates
 * 2..⌊N^0.5⌋ and, for each one still flagged, its multiples 2p..⌊N/p⌋·p set to 0.
 * Prints the number of primes up to N and the largest.
 * Usage: sieve [N]   (default N = 10000) */
#include <math.h>

#include "../common/aplprint.h"

int main(int argc, char **argv) {
  long long n = apl_size_arg(argc, argv, 1, 10000);
  long long *f = apl_alloc((size_t)n, sizeof(long long));
  long long result[2] = {0, 0};
  long long i, p, k, root = (long long)floor(pow((double)n, 0.5));
  for (i = 0; i < n; ++i) f[i] = 1;
  f[0] = 0;
  for (p = 2; p <= root; ++p) {
    if (!f[p - 1]) continue;
    for (k = 2; k <= n / p; ++k) f[p * k - 1] = 0;
  }
  for (i = 1; i <= n; ++i) {
    if (!f[i - 1]) continue;
    ++result[0];
    result[1] = i;
  }
  apl_print_ints(result, 2);
  free(f);
  return 0;
}
