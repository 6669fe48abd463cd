/* timing.c: a monotonic millisecond clock for benchmarks and for apltail's `now`; APL's ⎕TS. */
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

int64_t aplc_gen_timestamp(aplc_int *out) {
  struct timespec now;
  clock_gettime(CLOCK_REALTIME, &now);
  time_t seconds = now.tv_sec;
  struct tm local;
  localtime_r(&seconds, &local);
  out[0] = local.tm_year + 1900;
  out[1] = local.tm_mon + 1;
  out[2] = local.tm_mday;
  out[3] = local.tm_hour;
  out[4] = local.tm_min;
  out[5] = local.tm_sec;
  out[6] = now.tv_nsec / 1000000;
  return 0;
}
