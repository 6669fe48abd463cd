/* mandelbrot.c: hand-written C baseline for mandelbrot.apl.
 * Per point of the W×H grid, N iterations of z ← c + z×z; an iteration whose new z has |z|²≥4
 * keeps the old z and counts one. The arithmetic keeps the APL's grouping, so the counts are the
 * APL's; the C iterates point by point (the APL iterates plane by plane) and, like the APL, does
 * all N iterations (no early exit), so both do the same work. Prints the sum of the counts and
 * the number of points whose count is 0.
 * Usage: mandelbrot [W [H [N]]]   (defaults 20 12 90) */
#include "../common/aplprint.h"

int main(int argc, char **argv) {
  long width = (long)apl_size_arg(argc, argv, 1, 20);
  long height = (long)apl_size_arg(argc, argv, 2, 12);
  long long iterations = apl_size_arg(argc, argv, 3, 90);
  const double xmin = -2.0, xmax = 0.75, ymin = -0.75, ymax = 0.75;
  const double dx = (xmax - xmin) / (double)width;
  const double dy = (ymax - ymin) / (double)height;
  long long result[2] = {0, 0}; /* sum of counts, points never escaped */
  long row, col;
  for (row = 1; row <= height; ++row) {
    const double cy = ymin + dy * (double)row;
    for (col = 1; col <= width; ++col) {
      const double cx = xmin + dx * (double)col;
      double zx = 0.0, zy = 0.0;
      long long count = 0, i;
      for (i = 0; i < iterations; ++i) {
        double zzx = cx + ((zx * zx) - (zy * zy));
        double zzy = cy + ((zx * zy) + (zx * zy));
        if (4.0 > (zzx * zzx) + (zzy * zzy)) {
          zx = zzx;
          zy = zzy;
        } else {
          count += 1;
        }
      }
      result[0] += count;
      result[1] += count == 0;
    }
  }
  apl_print_ints(result, 2);
  return 0;
}
