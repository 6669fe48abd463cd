/* hotspot.c: hand-written C baseline for hotspot.apl (Rodinia's HotSpot, double precision).
 * The same generated inputs and the same update, one pass over the grid per step with two
 * buffers; neighbours outside the grid are the cell itself. Every expression keeps the APL's
 * right-to-left grouping and the mean is a right fold, so the doubles match the APL's.
 * Prints the minimum, maximum and mean final temperature.
 * Usage: hotspot [N [M]]   (defaults N = 20, M = 32) */
#include "../common/aplprint.h"

int main(int argc, char **argv) {
  long long steps = apl_size_arg(argc, argv, 1, 20);
  long m = (long)apl_size_arg(argc, argv, 2, 32);
  /* Chip constants, grouped as the APL evaluates them (right to left). */
  const double tchip = 0.0005, chip_height = 0.016, chip_width = 0.016, ambient = 80.0;
  const double gh = chip_height / (double)m, gw = chip_width / (double)m;
  const double cap = 0.5 * (1750000.0 * (tchip * (gw * gh)));
  const double rx = gw / (2.0 * (100.0 * (tchip * gh)));
  const double ry = gh / (2.0 * (100.0 * (tchip * gw)));
  const double rz = tchip / (100.0 * (gh * gw));
  const double max_slope = 3000000.0 / (0.5 * (tchip * 1750000.0));
  const double dt = 0.001 / max_slope;
  const double factor = dt / cap;
  double *temp = apl_alloc((size_t)(m * m), sizeof(double));
  double *next = apl_alloc((size_t)(m * m), sizeof(double));
  double *power = apl_alloc((size_t)(m * m), sizeof(double));
  double result[3], sum = 0.0;
  long r, c, i;
  long long s;
  for (r = 1; r <= m; ++r) {
    for (c = 1; c <= m; ++c) {
      temp[(r - 1) * m + c - 1] = 323.0 + 0.01 * (double)((r * c) % 997);
      power[(r - 1) * m + c - 1] = 0.0002 * (double)((r + 3 * c) % 50);
    }
  }
  for (s = 0; s < steps; ++s) {
    double *t;
    for (r = 0; r < m; ++r) {
      const double *row = temp + r * m;
      const double *above = temp + (r == 0 ? 0 : r - 1) * m;
      const double *below = temp + (r == m - 1 ? m - 1 : r + 1) * m;
      for (c = 0; c < m; ++c) {
        const double here = row[c];
        const double west = row[c == 0 ? 0 : c - 1];
        const double east = row[c == m - 1 ? m - 1 : c + 1];
        const double ns = (below[c] + (above[c] - 2.0 * here)) / ry;
        const double ew = (east + (west - 2.0 * here)) / rx;
        const double loss = (ambient - here) / rz;
        next[r * m + c] = here + factor * (power[r * m + c] + (ns + (ew + loss)));
      }
    }
    t = temp;
    temp = next;
    next = t;
  }
  result[0] = temp[0];
  result[1] = temp[0];
  for (i = m * m - 1; i >= 0; --i) {
    if (temp[i] < result[0]) result[0] = temp[i];
    if (temp[i] > result[1]) result[1] = temp[i];
    sum = temp[i] + sum;
  }
  result[2] = sum / (double)(m * m);
  apl_print_doubles(result, 3);
  free(temp);
  free(next);
  free(power);
  return 0;
}
