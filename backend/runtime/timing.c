/* timing.c: a monotonic millisecond clock for benchmarks and for apltail's `now`. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime under strict C11 */
#include "aplc_runtime.h"

#include <stdbool.h>
#include <time.h>

static double start_ms;
static bool started;

double aplc_clock_ms(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (double)now.tv_sec * 1000.0 + (double)now.tv_nsec / 1.0e6;
}

void aplc_runtime_init(void) {
  start_ms = aplc_clock_ms();
  started = true;
  aplc_parallel_init();
}

int64_t aplc_elapsed_ms(void) {
  if (!started) aplc_runtime_init();
  return (int64_t)(aplc_clock_ms() - start_ms);
}
