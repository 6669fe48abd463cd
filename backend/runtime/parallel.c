/* parallel.c: errors raised inside parallel loops (the OpenMP target, issue 12's error
 * protocol). A failing check in an iteration records (iteration, error) and the rest of that
 * iteration is skipped, so it never reaches the loads the check guards; after the loop, the
 * error of the earliest failing iteration is reported. Each iteration stops at its first
 * failing check, so that is exactly the error a sequential run reports, whatever the number of
 * threads and their order. */
#include "aplc_runtime.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>

static atomic_flag lock = ATOMIC_FLAG_INIT;
static bool failed = false;
static int64_t failed_iteration;
static aplc_error_kind failed_kind;
static const char *failed_file; /* the generated program's string literals */
static int failed_line, failed_col;
static const char *failed_detail;

int64_t aplc_parallel_min_work = 32768;

void aplc_parallel_init(void) {
  const char *text = getenv("APLC_PARALLEL_MIN_WORK");
  if (text != NULL && text[0] != '\0') {
    char *end = NULL;
    long long n = strtoll(text, &end, 10);
    if (end != NULL && *end == '\0' && n >= 1) aplc_parallel_min_work = (int64_t)n;
  }
}

void aplc_parallel_fail(int64_t iteration, aplc_error_kind kind, const char *file, int line, int col,
                        const char *detail) {
  while (atomic_flag_test_and_set_explicit(&lock, memory_order_acquire)) {
  }
  if (!failed || iteration < failed_iteration) {
    failed = true;
    failed_iteration = iteration;
    failed_kind = kind;
    failed_file = file;
    failed_line = line;
    failed_col = col;
    failed_detail = detail;
  }
  atomic_flag_clear_explicit(&lock, memory_order_release);
}

void aplc_parallel_report(void) {
  if (failed) aplc_error(failed_kind, failed_file, failed_line, failed_col, failed_detail);
}
