/* nbody.c: hand-written C baseline for nbody.apl (S steps of N bodies, all pairwise forces).
 * The same generated bodies and update. Each step visits every pair once, computing the
 * softened inverse cube distance w once and accumulating the three acceleration components,
 * then updates all velocities and then all positions. Every expression keeps the APL's
 * right-to-left grouping, and the sums over the bodies (the inner products' and the final +/)
 * fold as aplc's: right folds of blocks of 1024 items, then a right fold of the block sums
 * (docs/semantics.md, "reduce"), so the doubles match the APL's.
 * Prints the kinetic energy and the first body's final coordinates.
 * Usage: nbody [N [S]]   (defaults N = 64, S = 4) */
#include <math.h>

#include "../common/aplprint.h"

int main(int argc, char **argv) {
  long long n = apl_size_arg(argc, argv, 1, 64);
  long long steps = apl_size_arg(argc, argv, 2, 4);
  const double eps = 0.01, dt = 0.01;
  const long long coef[3] = {37, 101, 233};
  double *m = apl_alloc((size_t)n, sizeof(double));
  double *p[3], *v[3];
  double result[4], energy = 0.0;
  long long i, j, d, s, first;
  for (d = 0; d < 3; ++d) {
    p[d] = apl_alloc((size_t)n, sizeof(double));
    v[d] = apl_alloc((size_t)n, sizeof(double)); /* calloc'ed: at rest */
  }
  for (i = 1; i <= n; ++i) {
    m[i - 1] = (1.0 + (double)(i % 7) / 7.0) / (double)n;
    for (d = 0; d < 3; ++d) p[d][i - 1] = -1.0 + 0.002 * (double)((i * coef[d]) % 1001);
  }
  for (s = 0; s < steps; ++s) {
    for (i = 0; i < n; ++i) {
      const double xi = p[0][i], yi = p[1][i], zi = p[2][i];
      double ax = 0.0, ay = 0.0, az = 0.0;
      for (first = ((n - 1) / 1024) * 1024; first >= 0; first -= 1024) {
        const long long last = first + 1024 < n ? first + 1024 : n;
        double px = 0.0, py = 0.0, pz = 0.0;
        for (j = last - 1; j >= first; --j) {
          const double dx = xi - p[0][j], dy = yi - p[1][j], dz = zi - p[2][j];
          const double w = pow(eps + (dx * dx + (dy * dy + dz * dz)), -1.5);
          px = (dx * w) * m[j] + px;
          py = (dy * w) * m[j] + py;
          pz = (dz * w) * m[j] + pz;
        }
        ax = px + ax;
        ay = py + ay;
        az = pz + az;
      }
      v[0][i] = v[0][i] + dt * -ax;
      v[1][i] = v[1][i] + dt * -ay;
      v[2][i] = v[2][i] + dt * -az;
    }
    for (d = 0; d < 3; ++d) {
      for (i = 0; i < n; ++i) p[d][i] = p[d][i] + dt * v[d][i];
    }
  }
  for (first = ((n - 1) / 1024) * 1024; first >= 0; first -= 1024) {
    const long long last = first + 1024 < n ? first + 1024 : n;
    double part = 0.0;
    for (i = last - 1; i >= first; --i) {
      part = m[i] * (v[0][i] * v[0][i] + (v[1][i] * v[1][i] + v[2][i] * v[2][i])) + part;
    }
    energy = part + energy;
  }
  result[0] = 0.5 * energy;
  for (d = 0; d < 3; ++d) result[d + 1] = p[d][0];
  apl_print_doubles(result, 4);
  for (d = 0; d < 3; ++d) {
    free(p[d]);
    free(v[d]);
  }
  free(m);
  return 0;
}
