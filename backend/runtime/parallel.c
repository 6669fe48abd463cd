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
int aplc_parallel_threads = 1;
bool aplc_parallel_team_started = false;
int64_t aplc_parallel_loops = 0, aplc_parallel_loops_threaded = 0;

/* Starting the thread team is the one expensive step: about 50 microseconds on bare metal, but
 * 3 milliseconds on a 2-core VM, where libgomp's new thread waits for its idle virtual CPU to
 * wake while the first thread spins (a program's first parallel region measured 2.9-3.7 ms, the
 * second 2 us). A small program would pay it for a few microseconds of work: mandelbrot at 20x12
 * ran in 3.5 ms on threads against 0.8 ms alone. So the team starts only once the loops worth
 * threads, this one included, come to aplc_parallel_team_work: by default 1024 times the
 * per-loop threshold (33.5 million estimated operations, which the estimates' generous counting
 * makes 5 to 30 ms of work, twice the VM's start or more). Small programs never start it (life
 * at 100 generations of 40x40 ran in 5.7 ms on threads, 1.1 ms alone, with a factor of 128);
 * large ones run at most their first such loops alone. $APLC_PARALLEL_TEAM_WORK sets it (tests
 * use 0: every loop worth threads runs on them). Only the calling thread (sequential code)
 * counts. */
static int64_t team_work = -1; /* -1: 1024 times aplc_parallel_min_work */
static int64_t work_before_team = 0;

bool aplc_parallel_start_team(int64_t iterations, int64_t work) {
  int64_t needed = (team_work >= 0 ? team_work : aplc_parallel_min_work * 1024) - work_before_team;
  if (work > 0 && iterations >= (needed + work - 1) / work) {
    aplc_parallel_team_started = true;
    return true;
  }
  work_before_team += iterations * work;
  return false;
}

/* $NAME as a whole number from `least` to 2^40 (so that 1024 times it fits), or `otherwise`. */
static int64_t work_from_environment(const char *name, int64_t least, int64_t otherwise) {
  const char *text = getenv(name);
  if (text == NULL || text[0] == '\0') return otherwise;
  char *end = NULL;
  long long n = strtoll(text, &end, 10);
  if (end == NULL || *end != '\0' || n < least) return otherwise;
  return n > (1LL << 40) ? (1LL << 40) : (int64_t)n;
}

void aplc_parallel_init(void) {
  aplc_parallel_min_work = work_from_environment("APLC_PARALLEL_MIN_WORK", 1, aplc_parallel_min_work);
  team_work = work_from_environment("APLC_PARALLEL_TEAM_WORK", 0, -1);
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
