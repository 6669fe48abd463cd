/* blackscholes.c: hand-written C baseline for blackscholes.apl.
 * Prices N European calls with expiries T = i/N (i = 1..N) and prints the average. Every formula
 * keeps the APL's right-to-left grouping and uses pow where the APL uses * (power), and the sums
 * (a +.× k*⍳5 and +/) are right folds like APL's, so the doubles match the APL's bit for bit.
 * Usage: blackscholes [N]   (default N = 1000) */
#include <math.h>

#include "../common/aplprint.h"

static const double current_price = 60.0; /* S */
static const double strike = 65.0;        /* X */
static const double rate = 0.1;           /* r */
static const double volatility = 0.2;     /* v */

/* Cumulative normal distribution, 5-term polynomial approximation. */
static double cnd(double x) {
  static const double a[5] = {0.31938153, -0.356563782, 1.781477937, -1.821255978, 1.330274429};
  const double pi = 3.14159265358979323846;
  double l = fabs(x);
  double k = 1.0 / (1.0 + 0.2316419 * l);
  double poly = 0.0;
  double w;
  int j;
  for (j = 5; j >= 1; --j) poly = a[j - 1] * pow(k, (double)j) + poly;
  w = 1.0 - ((1.0 / pow(2.0 * pi, 0.5)) * (exp(-((l * l) / 2.0)) * poly));
  return x < 0.0 ? 1.0 - w : w;
}

static double d1(double t) {
  return (log(current_price / strike) + (rate + pow(volatility, 2.0) / 2.0) * t) /
         (volatility * pow(t, 0.5));
}

static double d2(double t) { return d1(t) - volatility * pow(t, 0.5); }

static double call_price(double t) {
  return current_price * cnd(d1(t)) - (strike * exp(-(rate * t))) * cnd(d2(t));
}

int main(int argc, char **argv) {
  long long n = apl_size_arg(argc, argv, 1, 1000);
  double sum = 0.0, average;
  long long i;
  /* Last option first: +/ folds from the right. */
  for (i = n; i >= 1; --i) sum = call_price((double)i / (double)n) + sum;
  average = sum / (double)n;
  apl_print_doubles(&average, 1);
  return 0;
}
