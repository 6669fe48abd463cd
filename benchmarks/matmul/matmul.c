/* matmul.c: hand-written C baseline for matmul.apl (A+.×B on N×N doubles).
 * The same generated matrices; the product in the cache-friendly i-k-j loop order, with k
 * running downwards so that every item is the APL's right fold a[i;1]×b[1;j] + (… + (a[i;N]×b[N;j]
 * + 0)). The sum of all items is the APL's `+/` of more than 1024 doubles: right folds of blocks
 * of 1024 items, then a right fold of the block sums (docs/semantics.md, "reduce"), so the
 * doubles match the APL's. Prints the sum and the first and last items.
 * Usage: matmul [N]   (default N = 64) */
#include "../common/aplprint.h"

int main(int argc, char **argv) {
  long long n = apl_size_arg(argc, argv, 1, 64);
  double *a = apl_alloc((size_t)(n * n), sizeof(double));
  double *b = apl_alloc((size_t)(n * n), sizeof(double));
  double *c = apl_alloc((size_t)(n * n), sizeof(double));
  double result[3];
  long long i, j, k;
  for (i = 1; i <= n; ++i) {
    for (j = 1; j <= n; ++j) {
      a[(i - 1) * n + j - 1] = 0.01 * (double)(1 + (i + 7 * j) % 100);
      b[(i - 1) * n + j - 1] = 0.01 * (double)(1 + (3 * i + j) % 100);
    }
  }
  for (i = 0; i < n; ++i) {
    double *row = c + i * n; /* calloc'ed: the fold starts from 0 */
    for (k = n - 1; k >= 0; --k) {
      const double aik = a[i * n + k];
      const double *bk = b + k * n;
      for (j = 0; j < n; ++j) row[j] = aik * bk[j] + row[j];
    }
  }
  result[0] = apl_sum_blocked(c, n * n);
  result[1] = c[0];
  result[2] = c[n * n - 1];
  apl_print_doubles(result, 3);
  free(a);
  free(b);
  free(c);
  return 0;
}
