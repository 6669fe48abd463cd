/* signal.c: hand-written C baseline for signal.apl.
 * For x = 1..N: d = x[i] - x[i-1] (x[0] = 0), s = max(-50, min(50, 50 * (d / (0.01 + x[i])))),
 * result = +/s. APL's +/ is a right fold, so the sum runs from the last item to the first, and
 * every expression keeps APL's right-to-left grouping: both make the doubles bit-identical.
 * Usage: signal [N]   (default N = 100) */
#include "../common/aplprint.h"

int main(int argc, char **argv) {
  long long n = apl_size_arg(argc, argv, 1, 100);
  double sum = 0.0;
  long long i;
  for (i = n; i >= 1; --i) {
    double x = (double)i;
    double previous = (double)(i - 1);
    double d = x - previous;
    double s = 50.0 * (d / (0.01 + x));
    if (s > 50.0) s = 50.0;
    if (s < -50.0) s = -50.0;
    sum = s + sum;
  }
  apl_print_doubles(&sum, 1);
  return 0;
}
