/* gomp_loader.c: GCC's OpenMP runtime, loaded when a program first needs threads.
 *
 * An OpenMP program built by the configured GCC (aplc --target=omp) links this file instead of
 * libgomp. Linked libgomp, shared or static, initialises itself at every start: it reads
 * /sys/devices/system/cpu/possible and the affinity mask, 30-60 us on the 2-core VM the project
 * runs on, which made a small program slower than the sequential one (docs/openmp.md). Most runs
 * of small programs never start a thread team (backend/runtime/parallel.c decides when), so this
 * file defines the libgomp entry points that GCC's code for aplc's pragmas calls, and
 *   - before the team starts, behaves as libgomp does outside any parallel region: one thread,
 *     thread 0, a worksharing loop's whole range to the calling thread;
 *   - at the first parallel region, loads libgomp.so.1 and from then on forwards every call.
 * Without libgomp.so.1 on the machine, regions run on the calling thread alone: the same
 * results (every loop is correct on one thread), no speed-up.
 *
 * The entry points are those GCC emits for `#pragma omp parallel` (GOMP_parallel), for the
 * orphaned `#pragma omp for schedule(static)` (omp_get_num_threads, omp_get_thread_num) and
 * `schedule(dynamic)` (the GOMP_loop_*dynamic* family), `#pragma omp barrier` and `single`
 * (GOMP_barrier, GOMP_single_start), and omp_get_max_threads, which the program's main reads
 * once. A program needing another fails to link: tests/programs covers every pragma aplc prints.
 * Clang's OpenMP code calls other functions (__kmpc_*), so programs built with another compiler
 * link its OpenMP runtime as usual (backend/c/CCompile.cpp). */
#define _GNU_SOURCE /* sched_getaffinity, CPU_COUNT */
#include <dlfcn.h>
#include <sched.h>
#include <stdbool.h>
#include <stdlib.h>
#include <unistd.h>

typedef void (*gomp_region)(void *);

static struct {
  bool tried;  /* the load was attempted (once) */
  void (*parallel)(gomp_region, void *, unsigned, unsigned);
  int (*num_threads)(void);
  int (*thread_num)(void);
  int (*max_threads)(void);
  bool (*dynamic_start)(long, long, long, long, long *, long *);
  bool (*dynamic_next)(long *, long *);
  bool (*nonmonotonic_start)(long, long, long, long, long *, long *);
  bool (*nonmonotonic_next)(long *, long *);
  void (*loop_end_nowait)(void);
  void (*barrier)(void);
  bool (*single_start)(void);
} gomp;

/* GCC's libgomp makes a thread that waits for others spin 300,000 times before it sleeps. On the
 * 2-core VM, the program's first parallel region then took 1.5-6 ms instead of 0.1: the first
 * thread spins while the thread it just created waits for a CPU (the VM's virtual CPUs share the
 * host's). With 10,000 spins the first region took 0.16-0.21 ms, and 20,000 short regions in a
 * row ran as fast as with the default (docs/openmp.md). libgomp reads its environment when it is
 * loaded, so this is set just before; a user's GOMP_SPINCOUNT or OMP_WAIT_POLICY is kept. */
static void set_waiting_default(void) {
  if (getenv("GOMP_SPINCOUNT") == NULL && getenv("OMP_WAIT_POLICY") == NULL) setenv("GOMP_SPINCOUNT", "10000", 0);
}

static int threads_by_default(void);
static int usable_cpus(void);

/* Unbound, a team of as many threads as the process has CPUs lost 5-15% on the 2-core VM: the
 * kernel first puts the new thread on its creator's CPU and moves it later, so the static
 * schedule's halves end apart (a loop of 150 ms of arithmetic, hand-written OpenMP C: 1.64-1.72
 * times one thread's speed unbound, 1.80-1.94 bound). With one thread per CPU, binding each to its
 * own takes nothing from anyone: every CPU has a thread of ours either way. A smaller team stays
 * unbound (two such programs would be bound to the same CPUs), and so does a larger one (the
 * kernel balances an oversubscribed team better than a fixed round robin). A user's OMP_PROC_BIND,
 * OMP_PLACES or GOMP_CPU_AFFINITY is kept. */
static void set_binding_default(void) {
  if (getenv("OMP_PROC_BIND") != NULL || getenv("OMP_PLACES") != NULL || getenv("GOMP_CPU_AFFINITY") != NULL) return;
  int cpus = usable_cpus();
  if (cpus >= 2 && threads_by_default() == cpus) setenv("OMP_PROC_BIND", "true", 0);
}

/* Loads libgomp and finds the entry points, once; false when it is not there (or lacks one).
 * Only the program's first thread gets here: regions are not nested (outlineParallelLoops
 * outlines the outermost parallel loops only), and the team's threads exist only after it. */
static bool load_gomp(void) {
  if (gomp.tried) return gomp.parallel != NULL;
  gomp.tried = true;
  set_waiting_default();
  set_binding_default();
  void *library = dlopen("libgomp.so.1", RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) return false;
#define APLC_GOMP_FIND(field, name) *(void **)&gomp.field = dlsym(library, name)
  APLC_GOMP_FIND(num_threads, "omp_get_num_threads");
  APLC_GOMP_FIND(thread_num, "omp_get_thread_num");
  APLC_GOMP_FIND(max_threads, "omp_get_max_threads");
  APLC_GOMP_FIND(dynamic_start, "GOMP_loop_dynamic_start");
  APLC_GOMP_FIND(dynamic_next, "GOMP_loop_dynamic_next");
  APLC_GOMP_FIND(nonmonotonic_start, "GOMP_loop_nonmonotonic_dynamic_start");
  APLC_GOMP_FIND(nonmonotonic_next, "GOMP_loop_nonmonotonic_dynamic_next");
  APLC_GOMP_FIND(loop_end_nowait, "GOMP_loop_end_nowait");
  APLC_GOMP_FIND(barrier, "GOMP_barrier");
  APLC_GOMP_FIND(single_start, "GOMP_single_start");
#undef APLC_GOMP_FIND
  bool complete = gomp.num_threads && gomp.thread_num && gomp.max_threads && gomp.dynamic_start &&
                  gomp.dynamic_next && gomp.nonmonotonic_start && gomp.nonmonotonic_next &&
                  gomp.loop_end_nowait && gomp.barrier && gomp.single_start;
  /* GOMP_parallel last: it says that the others are there. */
  if (complete) *(void **)&gomp.parallel = dlsym(library, "GOMP_parallel");
  return gomp.parallel != NULL;
}

/* `#pragma omp parallel`: the region on a team, or on the calling thread alone without libgomp. */
void GOMP_parallel(gomp_region region, void *data, unsigned threads, unsigned flags) {
  if (load_gomp()) {
    gomp.parallel(region, data, threads, flags);
  } else {
    region(data);
  }
}

int omp_get_num_threads(void) { return gomp.parallel ? gomp.num_threads() : 1; }
int omp_get_thread_num(void) { return gomp.parallel ? gomp.thread_num() : 0; }

/* OMP_NUM_THREADS's first number when it is a positive whole number, else the CPUs this process
 * may run on: what libgomp's omp_get_max_threads returns at the start of a program that has not
 * changed it (OMP_THREAD_LIMIT and OMP_DYNAMIC aside), without loading libgomp. */
static int threads_by_default(void) {
  const char *text = getenv("OMP_NUM_THREADS");
  if (text != NULL) {
    char *end = NULL;
    long n = strtol(text, &end, 10);
    while (end != NULL && (*end == ' ' || *end == '\t')) end++;
    if (end != text && n > 0 && n <= 1 << 20 && (*end == '\0' || *end == ',')) return (int)n;
  }
  return usable_cpus();
}

/* The CPUs this process may run on (its affinity mask), or those online. */
static int usable_cpus(void) {
  cpu_set_t cpus;
  if (sched_getaffinity(0, sizeof cpus, &cpus) == 0 && CPU_COUNT(&cpus) > 0) return CPU_COUNT(&cpus);
  long online = sysconf(_SC_NPROCESSORS_ONLN);
  return online > 0 ? (int)online : 1;
}

int omp_get_max_threads(void) { return gomp.parallel ? gomp.max_threads() : threads_by_default(); }

/* A dynamically scheduled loop outside any region, before libgomp is loaded: the calling thread
 * takes the whole range at once. */
static bool whole_range(long start, long end, long step, long *first, long *last) {
  *first = start;
  *last = end;
  return step > 0 ? start < end : start > end;
}

bool GOMP_loop_dynamic_start(long start, long end, long step, long chunk, long *first, long *last) {
  if (gomp.parallel) return gomp.dynamic_start(start, end, step, chunk, first, last);
  return whole_range(start, end, step, first, last);
}

bool GOMP_loop_dynamic_next(long *first, long *last) {
  return gomp.parallel ? gomp.dynamic_next(first, last) : false;
}

bool GOMP_loop_nonmonotonic_dynamic_start(long start, long end, long step, long chunk, long *first, long *last) {
  if (gomp.parallel) return gomp.nonmonotonic_start(start, end, step, chunk, first, last);
  return whole_range(start, end, step, first, last);
}

bool GOMP_loop_nonmonotonic_dynamic_next(long *first, long *last) {
  return gomp.parallel ? gomp.nonmonotonic_next(first, last) : false;
}

void GOMP_loop_end_nowait(void) {
  if (gomp.parallel) gomp.loop_end_nowait();
}

void GOMP_barrier(void) {
  if (gomp.parallel) gomp.barrier();
}

/* `#pragma omp single` (parallel regions around loops of parallel loops, backend/c/ParallelRegion.h):
 * outside a region the calling thread is the single one. */
bool GOMP_single_start(void) { return gomp.parallel ? gomp.single_start() : true; }
