/* streak.c: hand-written C baseline for streak.apl (longest run of rises, Co-dfns-benchmarks'
 * streak). The same generated sequence, stored as the APL stores it, then one pass that keeps
 * the current run's length, the longest run and the position where it first ends.
 * Prints the longest streak, the number of rises and the index of the first rise that starts a
 * longest streak (as the APL: the first maximum of the run lengths, minus the length, plus 1).
 * Usage: streak [N]   (default N = 10000) */
#include "../common/aplprint.h"

int main(int argc, char **argv) {
  long long n = apl_size_arg(argc, argv, 1, 10000);
  long long *v = apl_alloc((size_t)n, sizeof(long long));
  long long result[3] = {0, 0, 0};
  long long i, run = 0, best_end = 0;
  for (i = 1; i <= n; ++i) v[i - 1] = (69069 * i + i / 1000) % 524288;
  for (i = 1; i < n; ++i) {
    if (v[i] > v[i - 1]) {
      ++run;
      ++result[1];
    } else {
      run = 0;
    }
    if (run > result[0]) {
      result[0] = run;
      best_end = i;
    }
  }
  /* The APL's run⍳best: the first position holding the longest run (1 when there is no rise,
   * where every run is 0 and 0⍳0 finds the first). */
  result[2] = 1 + ((result[0] == 0 ? 1 : best_end) - result[0]);
  apl_print_ints(result, 3);
  free(v);
  return 0;
}
