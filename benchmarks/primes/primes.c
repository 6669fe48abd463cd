/* primes.c: hand-written C baseline for primes.apl.
 * The same algorithm without the N×N matrix: for each a in 2..N, count the d in 2..N that
 * divide it; a is prime when the count is 1 (only a itself). All N^2 residues are computed, as
 * in the APL, so the two do the same work. Prints the count and the sum of the primes.
 * Usage: primes [N]   (default N = 1000) */
#include "../common/aplprint.h"

int main(int argc, char **argv) {
  long long n = apl_size_arg(argc, argv, 1, 1000);
  long long result[2] = {0, 0}; /* count, sum */
  long long a, d;
  for (a = 2; a <= n; ++a) {
    long long divisors = 0;
    for (d = 2; d <= n; ++d) divisors += a % d == 0;
    if (divisors == 1) {
      result[0] += 1;
      result[1] += a;
    }
  }
  apl_print_ints(result, 2);
  return 0;
}
