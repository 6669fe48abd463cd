/* A deliberate data race (the TSan runner's own check, tests/tsan/CMakeLists.txt): every thread
 * adds to one shared counter without synchronisation. run.sh must report it. */
#include <stdio.h>

int main(void) {
  long sum = 0;
#pragma omp parallel for
  for (long i = 0; i < 100000; i++) sum += i;
  printf("%ld\n", sum > 0);
  return 0;
}
