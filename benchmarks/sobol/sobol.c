/* sobol.c: hand-written C baseline for sobol.apl.
 * The same points of the 2-D Sobol sequence, computed the way C does bit operations: each
 * coordinate is a 30-bit integer, the XOR of the direction numbers selected by the set bits of
 * the point's index i (i = 1..N, no Gray-code reordering, so the points are the APL's). The
 * coordinates are exact binary fractions, so both programs compare the same doubles.
 * Usage: sobol [N]   (default N = 10000) */
#include "../common/aplprint.h"

#define BITS 30

int main(int argc, char **argv) {
  long long n = apl_size_arg(argc, argv, 1, 10000);
  unsigned long dir1[BITS], dir2[BITS]; /* direction numbers scaled by 2^BITS */
  unsigned long m = 1;                  /* m_k of dimension 2: m_k = 2 m_{k-1} XOR m_{k-1} */
  const double scale = 1.0 / (double)(1UL << BITS);
  long long inside = 0, i;
  double pi;
  int k;
  for (k = 0; k < BITS; ++k) {
    dir1[k] = 1UL << (BITS - 1 - k);
    dir2[k] = m << (BITS - 1 - k); /* v_k = m_k / 2^k, and m_k < 2^k */
    m = (m << 1) ^ m;
  }
  for (i = 1; i <= n; ++i) {
    unsigned long xi = 0, yi = 0;
    unsigned long long rest = (unsigned long long)i;
    double x, y;
    for (k = 0; rest != 0 && k < BITS; ++k, rest >>= 1) {
      if (rest & 1) {
        xi ^= dir1[k];
        yi ^= dir2[k];
      }
    }
    x = (double)xi * scale;
    y = (double)yi * scale;
    inside += 1.0 > x * x + y * y;
  }
  pi = 4.0 * ((double)inside / (double)n);
  apl_print_doubles(&pi, 1);
  return 0;
}
