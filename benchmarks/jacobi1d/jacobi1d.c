/* jacobi1d.c: hand-written C baseline for jacobi1d.apl (T Jacobi sweeps of a 3-point stencil,
 * after PolyBench's jacobi-1d). The same start values; each sweep writes the interior of a
 * second buffer from the first (the ends copied), then the buffers swap. The stencil keeps the
 * APL's grouping 0.33333×(a[i-1]+(a[i]+a[i+1])) and the sum is aplc's +/ of doubles (right folds
 * of blocks of 1024, then of the block sums; docs/semantics.md, "reduce"), so the doubles
 * match the APL's. Prints the sum and the items at N÷3 and N÷2 (rounded up, 1-based).
 * Usage: jacobi1d [N [T]]   (defaults N = 1000, T = 20) */
#include "../common/aplprint.h"

int main(int argc, char **argv) {
  long long n = apl_size_arg(argc, argv, 1, 1000);
  long long sweeps = apl_size_arg(argc, argv, 2, 20);
  double *a = apl_alloc((size_t)n, sizeof(double));
  double *b = apl_alloc((size_t)n, sizeof(double));
  double result[3];
  long long i, t;
  if (n < 2) {
    fprintf(stderr, "jacobi1d: N must be at least 2\n");
    return 2;
  }
  for (i = 1; i <= n; ++i) a[i - 1] = (double)(i + 1) / (double)n;
  for (t = 0; t < sweeps; ++t) {
    double *swap;
    b[0] = a[0];
    for (i = 1; i < n - 1; ++i) b[i] = 0.33333 * (a[i - 1] + (a[i] + a[i + 1]));
    b[n - 1] = a[n - 1];
    swap = a;
    a = b;
    b = swap;
  }
  result[0] = apl_sum_blocked(a, n);
  result[1] = a[(n + 2) / 3 - 1];
  result[2] = a[(n + 1) / 2 - 1];
  apl_print_doubles(result, 3);
  free(a);
  free(b);
  return 0;
}
