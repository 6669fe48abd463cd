/* easter.c: hand-written C baseline for easter.apl.
 * The same Easter formula (integer arithmetic: every division in the APL is floored, every
 * residue is APL's non-negative one) for the years 1..3000 repeated to N years; prints the sum
 * of Easter's distance in days from 21 March.
 * Usage: easter [N]   (default N = 3000) */
#include "../common/aplprint.h"

/* APL's residue m|a: the result has the sign of m (here always positive). */
static long long residue(long long m, long long a) {
  long long r = a % m;
  return r < 0 ? r + m : r;
}

/* APL's ⌊a÷b for b > 0 */
static long long floor_div(long long a, long long b) {
  long long q = a / b;
  return (a % b != 0 && a < 0) ? q - 1 : q;
}

/* Easter Sunday of `year` as yyyymmdd, line by line the APL dfn. */
static long long easter(long long year) {
  long long g = 1 + residue(19, year);
  long long c = 1 + floor_div(year, 100);
  long long x = -12 + floor_div(c * 3, 4);
  long long z = -5 + floor_div(5 + 8 * c, 25);
  long long s = floor_div(5 * year, 4) - (x + 10);
  long long e = residue(30, 11 * g + 20 + z - x);
  long long f = e + ((e == 24) || ((e == 25) && (g > 11)));
  long long n = 30 * (f > 23) + 44 - f;
  long long month, day;
  n = n + 7 - residue(7, s + n);
  month = 3 + (n > 31);
  day = n - 31 * (n > 31);
  return 10000 * year + 100 * month + day;
}

int main(int argc, char **argv) {
  long long count = apl_size_arg(argc, argv, 1, 3000);
  long long sum = 0;
  long long i;
  for (i = 1; i <= count; ++i) {
    long long year = 1 + residue(3000, i - 1);
    long long monthday = residue(10000, easter(year));
    sum += 31 * (monthday / 100 - 3) + monthday % 100 - 21;
  }
  apl_print_ints(&sum, 1);
  return 0;
}
