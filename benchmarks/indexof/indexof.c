/* indexof.c: hand-written C baseline for indexof.apl (index-of, Co-dfns-benchmarks' indexof).
 * The same generated vectors; each item of R is looked up by a linear search of L that stops at
 * the first match (the index of the first occurrence, N+1 when absent), as a C programmer writes
 * it. Prints how many items of R are found and the sum of the indices.
 * Usage: indexof [N]   (default N = 1024) */
#include "../common/aplprint.h"

int main(int argc, char **argv) {
  long long n = apl_size_arg(argc, argv, 1, 1024);
  long long *l = apl_alloc((size_t)n, sizeof(long long));
  long long *r = apl_alloc((size_t)n, sizeof(long long));
  long long result[2] = {0, 0};
  long long i, j;
  for (i = 1; i <= n; ++i) {
    l[i - 1] = (7919 * i) % (2 * n);
    r[i - 1] = (104729 * i + n / 3) % (2 * n);
  }
  for (i = 0; i < n; ++i) {
    const long long want = r[i];
    long long index = n + 1;
    for (j = 0; j < n; ++j) {
      if (l[j] == want) {
        index = j + 1;
        break;
      }
    }
    if (index <= n) ++result[0];
    result[1] += index;
  }
  apl_print_ints(result, 2);
  free(l);
  free(r);
  return 0;
}
