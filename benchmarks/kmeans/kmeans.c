/* kmeans.c: hand-written C baseline for kmeans.apl (I iterations of Lloyd's k-means, Rodinia's
 * kmeans as in dybber/aplbench). The same generated points (34 integer features) and first
 * centres; each iteration finds every point's nearest centre (the first of equal distances),
 * then forms each centre's sum as the APL's one-hot product does, K passes over all N points
 * each adding 0 or 1 times the point (the same work as the APL, see README), then moves the
 * centres. The distances keep the APL's right fold over the features, so the doubles and hence
 * the assignments match the APL's; the sums are exact integers. Prints the final counts and the
 * sum of the centres (a right fold in blocks of 1024, as aplc's +/).
 * Usage: kmeans [N [K [I]]]   (defaults N = 1000, K = 5, I = 4) */
#include "../common/aplprint.h"

#define F 34

/* The index of the centre nearest to point `pt` (the first of equal distances). */
static long long nearest(const long long *pt, const double *c, long long k) {
  long long best = 0, j, f;
  double best_d = 0.0;
  for (j = 0; j < k; ++j) {
    double d = 0.0;
    for (f = F - 1; f >= 0; --f) {
      const double diff = (double)pt[f] - c[j * F + f];
      d = diff * diff + d;
    }
    if (j == 0 || d < best_d) {
      best = j;
      best_d = d;
    }
  }
  return best;
}

int main(int argc, char **argv) {
  long long n = apl_size_arg(argc, argv, 1, 1000);
  long long k = apl_size_arg(argc, argv, 2, 5);
  long long iterations = apl_size_arg(argc, argv, 3, 4);
  long long *p = apl_alloc((size_t)(n * F), sizeof(long long));
  double *c = apl_alloc((size_t)(k * F), sizeof(double));
  long long *sums = apl_alloc((size_t)(k * F), sizeof(long long));
  long long *count = apl_alloc((size_t)k, sizeof(long long));
  long long *near = apl_alloc((size_t)n, sizeof(long long));
  double *result = apl_alloc((size_t)(k + 1), sizeof(double));
  double total = 0.0;
  long long i, j, f, it;
  for (i = 1; i <= n; ++i) {
    for (f = 1; f <= F; ++f) p[(i - 1) * F + f - 1] = 40 * (i % 7) + (i * (3 + 2 * f)) % 61;
  }
  for (j = 0; j < k; ++j) { /* the first K points (zeros past N, as K F↑p) */
    for (f = 0; f < F; ++f) c[j * F + f] = j < n ? (double)p[j * F + f] : 0.0;
  }
  for (it = 0; it < iterations; ++it) {
    memset(sums, 0, (size_t)(k * F) * sizeof(long long));
    memset(count, 0, (size_t)k * sizeof(long long));
    for (i = 0; i < n; ++i) {
      near[i] = nearest(p + i * F, c, k);
      ++count[near[i]];
    }
    for (j = 0; j < k; ++j) {
      long long *sum = sums + j * F;
      for (i = 0; i < n; ++i) {
        const long long member = near[i] == j, *pt = p + i * F;
        for (f = 0; f < F; ++f) sum[f] += member * pt[f];
      }
    }
    for (j = 0; j < k; ++j) {
      const long long divisor = count[j] > 1 ? count[j] : 1;
      const double stays = count[j] == 0 ? 1.0 : 0.0;
      for (f = 0; f < F; ++f) {
        c[j * F + f] = (double)sums[j * F + f] / (double)divisor + stays * c[j * F + f];
      }
    }
  }
  memset(count, 0, (size_t)k * sizeof(long long));
  for (i = 0; i < n; ++i) ++count[nearest(p + i * F, c, k)];
  for (j = 0; j < k; ++j) result[j] = (double)count[j];
  for (i = ((k * F - 1) / 1024) * 1024; i >= 0; i -= 1024) {
    const long long last = i + 1024 < k * F ? i + 1024 : k * F;
    double part = 0.0;
    for (j = last - 1; j >= i; --j) part = c[j] + part;
    total = part + total;
  }
  result[k] = total;
  apl_print_doubles(result, (size_t)(k + 1));
  free(p);
  free(c);
  free(sums);
  free(count);
  free(near);
  free(result);
  return 0;
}
