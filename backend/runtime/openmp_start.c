/* openmp_start.c: what the OpenMP target's programs (aplc --target=omp) add to the runtime. Their
 * main calls aplc_openmp_linked(), which pulls this file out of the library; other programs do
 * not link it. */
#define _POSIX_C_SOURCE 200809L /* setenv under strict C11 */
#include "aplc_runtime.h"

#include <stdlib.h>

/* GCC's libgomp makes a thread that waits for others spin 300,000 times before it sleeps. On the
 * 2-core VM the project runs on, the program's first parallel region then took 1.5-6 ms instead
 * of 0.1: the first thread spins while the thread it just created waits for a CPU (the VM's
 * virtual CPUs share the host's). With 10,000 spins (about half a millisecond) the first region
 * took 0.16-0.21 ms, and 20,000 short regions in a row ran as fast as with the default
 * (docs/openmp.md). libgomp reads GOMP_SPINCOUNT in a constructor of default priority when it
 * starts; this one, of a higher priority, runs first. A user's GOMP_SPINCOUNT or
 * OMP_WAIT_POLICY is kept. */
__attribute__((constructor(101))) static void aplc_openmp_wait_default(void) {
  if (getenv("GOMP_SPINCOUNT") == NULL && getenv("OMP_WAIT_POLICY") == NULL) setenv("GOMP_SPINCOUNT", "10000", 0);
}

void aplc_openmp_linked(void) {}
