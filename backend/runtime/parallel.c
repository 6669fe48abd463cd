/* parallel.c: errors raised inside parallel loops (the OpenMP target, issue 12's error
 * protocol). A failing check in an iteration records (iteration, error) and the rest of that
 * iteration is skipped, so it never reaches the loads the check guards; after the loop, the
 * error of the earliest failing iteration is reported. Each iteration stops at its first
 * failing check, so that is exactly the error a sequential run reports, whatever the number of
 * threads and their order. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime under strict C11 */
#include "aplc_runtime.h"

#include <setjmp.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static atomic_flag lock = ATOMIC_FLAG_INIT;
static bool failed = false;
static int64_t failed_iteration;
static aplc_error_kind failed_kind;
static const char *failed_file; /* the generated program's string literals */
static int failed_line, failed_col;
static char failed_detail[512]; /* a copy: a runtime error's detail is formatted on its stack */
/* The step of a parallel region in which the kept error was recorded (aplc_parallel_region_step). */
static int64_t failed_step;
static _Thread_local int64_t current_step = 0;

/* 262144 estimated operations: about 6 us of work (hotspot's cells run 42 of them a ns). On the
 * 2-core VM (an AMD EPYC host) a fork and join of two bound threads cost 3.4 us and a barrier
 * 1.7 us (a C program timing 5000 of each), so a loop of 6 us gained nothing from a fork and a
 * region's generation of 6 us gained 1.25 times; life 40x40's generations (3 us) ran 1.25 times
 * slower on two threads than on one. It was 32768 on the earlier Xeon host, where a fork and join
 * cost 0.5 us. */
int64_t aplc_parallel_min_work = 262144;
int (*aplc_parallel_count_threads)(void) = NULL;
static int thread_count = 0; /* 0: not asked yet */

int aplc_parallel_threads(void) {
  if (thread_count == 0) {
    int threads = aplc_parallel_count_threads ? aplc_parallel_count_threads() : 1;
    thread_count = threads > 0 ? threads : 1;
  }
  return thread_count;
}
bool aplc_parallel_team_started = false;
bool aplc_parallel_regions = true;
int64_t aplc_parallel_loops = 0, aplc_parallel_loops_threaded = 0;
int64_t aplc_parallel_regions_run = 0, aplc_parallel_region_loops = 0;

/* Starting the thread team is the one expensive step. On the 2-core VM the project runs on,
 * a program's first parallel region took 1.5-6 ms with libgomp's default waiting (the first
 * thread spins while the thread it created waits for a CPU); with the OpenMP programs' own
 * default (gomp_loader.c) it took 0.2-0.7 ms, libgomp's loading included, against 2 us for each
 * later region while the team's threads still spin (up to 0.8 ms once they sleep). A small
 * program would still pay that for a few microseconds of work, so the loops worth threads run
 * alone until either
 *   - one loop's estimated work reaches team_work (by default 2^25, 33.5 million operations,
 *     1 to 30 ms of work: it pays for the start at once; $APLC_PARALLEL_TEAM_WORK sets it, and
 *     0, which tests use, starts the team at the first loop worth threads), or
 *   - the loops worth threads that ran alone took team_alone_ns of wall time together (5 ms,
 *     about ten times the start; $APLC_PARALLEL_TEAM_MS): the program is no longer small. With
 *     2 ms, sobol's small problem (4 ms) started its team and ran 1.2-1.3 times slower than the
 *     sequential program (benchmarks/targets-small).
 * The estimates could not decide the second alone: sobol's small problem made 40 million
 * estimated operations in 4 ms, mandelbrot's far fewer per ms, so any threshold on them either
 * started the team for sobol's small program or let large programs of many short loops (life
 * at 40x40) run long alone. Only the calling thread (sequential code) asks. */
static int64_t team_work = (int64_t)1 << 25;
static int64_t team_alone_ns = 5 * 1000000;
static int64_t alone_ns = 0;        /* the loops worth threads run alone so far */
static int64_t alone_since_ns = -1; /* when the loop that runs alone now started, or -1 */

static int64_t now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

bool aplc_parallel_start_team(int64_t iterations, int64_t work) {
  if (alone_ns >= team_alone_ns || (work > 0 && iterations >= (team_work + work - 1) / work)) {
    aplc_parallel_team_started = true;
    return true;
  }
  return false;
}

/* Four times the threshold of one loop: a loop of loops is a program whose later iterations may
 * be few once the estimate is made (life at 40x40 for 100 generations, 34 million estimated
 * operations in about 2 ms, would start its team for little). */
bool aplc_parallel_start_team_for_region(double work) {
  if (work >= 4.0 * (double)team_work) {
    aplc_parallel_team_started = true;
    return true;
  }
  return false;
}

void aplc_parallel_time_alone(void) { alone_since_ns = now_ns(); }

/* A program with a sequential version (laila/lower/SequentialVersion.h) runs it with fewer threads
 * than this: its threaded version did over twice the work (streak, 2-core VM). */
static int64_t version_threads = 3;

bool aplc_parallel_runs_sequential_version(void) { return aplc_parallel_threads() < version_threads; }

/* $NAME as a whole number from `least` to 2^40 (iterations times it stay far from overflow), or `otherwise`. */
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
  team_work = work_from_environment("APLC_PARALLEL_TEAM_WORK", 0, team_work);
  int64_t team_ms = work_from_environment("APLC_PARALLEL_TEAM_MS", 0, team_alone_ns / 1000000);
  team_alone_ns = (team_ms < 1000000000 ? team_ms : 1000000000) * 1000000; /* at most 11 days */
  version_threads = work_from_environment("APLC_PARALLEL_VERSION_THREADS", 1, version_threads);
  const char *regions = getenv("APLC_PARALLEL_REGIONS");
  aplc_parallel_regions = regions == NULL || strcmp(regions, "0") != 0;
}

/* The innermost trap of this thread (aplc_trap_enter), or NULL. */
static _Thread_local aplc_trap *current_trap = NULL;

static void keep_error(int64_t iteration, aplc_error_kind kind, const char *file, int line, int col,
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
    snprintf(failed_detail, sizeof failed_detail, "%s", detail != NULL ? detail : "");
    failed_step = current_step;
  }
  atomic_flag_clear_explicit(&lock, memory_order_release);
}

/* Under a trap the error is its iteration's: a loop that a trapped iteration runs (in a function
 * it calls) runs on this thread alone, so its first failing check is the iteration's. */
void aplc_parallel_fail(int64_t iteration, aplc_error_kind kind, const char *file, int line, int col,
                        const char *detail) {
  aplc_trap *trap = current_trap;
  keep_error(trap != NULL ? trap->iteration : iteration, kind, file, line, col, detail);
  if (trap != NULL) longjmp(trap->env, 1);
}

/* Parallel regions (backend/c/ParallelRegion.h). Every thread of a region runs its sequential loop
 * and numbers the parallel loops it runs in it, 1, 2, ... After a loop and its barrier, each
 * thread asks whether a check failed by then: a thread that passed the barrier first may already
 * run the next loop and record an error there, which the others must not see yet (they would
 * leave the region while it waits at the next barrier), so an error counts from its step on. */
void aplc_parallel_region_step(int64_t step) { current_step = step; }

bool aplc_parallel_failed_by(int64_t step) {
  /* Under a trap, the region's own errors unwound to it: a recorded one is another iteration's. */
  if (current_trap != NULL) return false;
  while (atomic_flag_test_and_set_explicit(&lock, memory_order_acquire)) {
  }
  bool result = failed && failed_step <= step;
  atomic_flag_clear_explicit(&lock, memory_order_release);
  return result;
}

void aplc_parallel_region_ran(int64_t loops) {
  aplc_parallel_loops += loops;
  aplc_parallel_loops_threaded += loops;
  aplc_parallel_regions_run++;
  aplc_parallel_region_loops += loops;
}

void aplc_parallel_check_failed(int64_t iteration, const aplc_check *check) {
  aplc_parallel_fail(iteration, check->kind, check->file, check->line, check->col, check->detail);
}

_Thread_local int aplc_parallel_trapped = 0;

void aplc_trap_enter(aplc_trap *trap, int64_t iteration) {
  trap->iteration = iteration;
  trap->outer = current_trap;
  current_trap = trap;
  aplc_parallel_trapped++;
}

void aplc_trap_leave(aplc_trap *trap) {
  current_trap = trap->outer;
  aplc_parallel_trapped--;
}

void aplc_parallel_trap_error(aplc_error_kind kind, const char *file, int line, int col, const char *detail) {
  if (current_trap != NULL) aplc_parallel_fail(0, kind, file, line, col, detail);
}

void aplc_parallel_report(void) {
  /* Under a trap, the loop's own errors unwound to it: a recorded one is another iteration's,
   * which the loop around the trap reports. */
  if (current_trap != NULL) return;
  if (alone_since_ns >= 0) {
    alone_ns += now_ns() - alone_since_ns;
    alone_since_ns = -1;
  }
  if (failed) aplc_error(failed_kind, failed_file, failed_line, failed_col, failed_detail);
}
