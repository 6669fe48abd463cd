/* ann.c: hand-written C baseline for ann.apl (L times x ← ÷1+*-W+.×x, N×N weights).
 * The same generated weights and input; each step is one pass over W computing the dot products
 * and the logistic function, into a second buffer. Sums of more than 1024 doubles (the dot
 * products when N > 1024, the final +/) fold as aplc's do: right folds of blocks of 1024 items,
 * then a right fold of the block sums (docs/semantics.md, "reduce"), so the doubles match the
 * APL's. Prints the sum of the final activations and the first and last one.
 * Usage: ann [N [L]]   (defaults N = 64, L = 4) */
#include <math.h>

#include "../common/aplprint.h"

/* +/a×b for doubles as aplc computes it: blocks of 1024, each a right fold, then the blocks. */
static double dot_blocked(const double *a, const double *b, long long n) {
  double total = 0.0;
  long long first = ((n - 1) / 1024) * 1024;
  for (; n > 0 && first >= 0; first -= 1024) {
    long long last = first + 1024 < n ? first + 1024 : n, i;
    double part = 0.0;
    for (i = last - 1; i >= first; --i) part = a[i] * b[i] + part;
    total = part + total;
  }
  return total;
}

int main(int argc, char **argv) {
  long long n = apl_size_arg(argc, argv, 1, 64);
  long long layers = apl_size_arg(argc, argv, 2, 4);
  double *w = apl_alloc((size_t)(n * n), sizeof(double));
  double *x = apl_alloc((size_t)n, sizeof(double));
  double *y = apl_alloc((size_t)n, sizeof(double));
  double result[3];
  long long i, j, s;
  for (i = 1; i <= n; ++i) {
    for (j = 1; j <= n; ++j)
      w[(i - 1) * n + j - 1] = (double)(-50 + (i + 17 * j) % 101) / (double)(50 * n);
    x[i - 1] = 0.01 * (double)((7 * i) % 100);
  }
  for (s = 0; s < layers; ++s) {
    double *t;
    for (i = 0; i < n; ++i) y[i] = 1.0 / (1.0 + exp(-dot_blocked(w + i * n, x, n)));
    t = x;
    x = y;
    y = t;
  }
  result[0] = apl_sum_blocked(x, n);
  result[1] = x[0];
  result[2] = x[n - 1];
  apl_print_doubles(result, 3);
  free(w);
  free(x);
  free(y);
  return 0;
}
