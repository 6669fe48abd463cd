/* stats.c: the arrays a generated program allocates, and their memory statistics.
 *
 * Generated code allocates every array with aplc_alloc_array and releases it with
 * aplc_free_array. With APLC_STATS=1 in the environment (read by aplc_stats_init, which generated
 * main calls), the
 * program counts its allocations, the bytes they asked for and the peak of the bytes live at
 * once, and prints them on stderr when it exits (after an APL error too): what memory planning
 * changes, measured without a profiler. Without APLC_STATS the two functions are malloc and free
 * with a LIMIT ERROR for failures.
 *
 * The size of a block is known at its free through a table from address to bytes (open
 * addressing, linear probing, deleted slots marked), kept only while statistics are on. Blocks
 * that the runtime allocated and the program frees (⍕'s text) are not in the table and not
 * counted. Allocations may happen in parallel loops' iterations, so the table is behind a lock. */
#define _POSIX_C_SOURCE 200809L
#include "aplc_runtime.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct block_entry {
  uintptr_t address; /* 0: empty; kDeleted: a removed entry (probing goes on past it) */
  size_t bytes;
} block_entry;

static const uintptr_t kDeleted = 1;

static bool enabled;
static atomic_flag lock = ATOMIC_FLAG_INIT;
static block_entry *table;
static size_t capacity; /* a power of two */
static size_t used;     /* live and deleted entries: what probing walks over */
static uint64_t allocations;
static uint64_t bytes_allocated;
static uint64_t live_bytes;
static uint64_t peak_live_bytes;

static void acquire(void) {
  while (atomic_flag_test_and_set_explicit(&lock, memory_order_acquire)) {
  }
}

static void release(void) { atomic_flag_clear_explicit(&lock, memory_order_release); }

static size_t slot_of(uintptr_t address) {
  uint64_t h = (uint64_t)address * 0x9E3779B97F4A7C15ull; /* Fibonacci hashing */
  return (size_t)(h >> 17) & (capacity - 1);
}

/* Rebuilds the table with room for twice the live entries (deleted ones are dropped). */
static void grow(void) {
  block_entry *old = table;
  size_t old_capacity = capacity;
  capacity = capacity == 0 ? 1024 : capacity * 2;
  table = calloc(capacity, sizeof(block_entry));
  if (table == NULL) {
    aplc_errorf(APLC_LIMIT_ERROR, NULL, 0, 0, "out of memory (the memory statistics' table)");
  }
  used = 0;
  for (size_t k = 0; k < old_capacity; k++) {
    if (old[k].address <= kDeleted) continue;
    size_t s = slot_of(old[k].address);
    while (table[s].address != 0) s = (s + 1) & (capacity - 1);
    table[s] = old[k];
    used++;
  }
  free(old);
}

static void remember(void *block, size_t bytes) {
  if (2 * (used + 1) > capacity) grow();
  size_t s = slot_of((uintptr_t)block);
  while (table[s].address > kDeleted) s = (s + 1) & (capacity - 1);
  if (table[s].address == 0) used++;
  table[s].address = (uintptr_t)block;
  table[s].bytes = bytes;
  allocations++;
  bytes_allocated += bytes;
  live_bytes += bytes;
  if (live_bytes > peak_live_bytes) peak_live_bytes = live_bytes;
}

static void forget(void *block) {
  if (capacity == 0) return;
  size_t s = slot_of((uintptr_t)block);
  while (table[s].address != 0) {
    if (table[s].address == (uintptr_t)block) {
      live_bytes -= table[s].bytes;
      table[s].address = kDeleted;
      return;
    }
    s = (s + 1) & (capacity - 1);
  }
}

static void print_stats(void) {
  acquire();
  fprintf(stderr,
          "aplc stats: %llu allocations, %llu bytes allocated, %llu bytes live at the peak, "
          "%llu bytes live at exit\n",
          (unsigned long long)allocations, (unsigned long long)bytes_allocated,
          (unsigned long long)peak_live_bytes, (unsigned long long)live_bytes);
  /* An OpenMP program's parallel loops (aplc_parallel_worthwhile): how many ran on threads. */
  if (aplc_parallel_loops > 0)
    fprintf(stderr, "aplc stats: %lld of %lld parallel loops ran on threads (%d available)\n",
            (long long)aplc_parallel_loops_threaded, (long long)aplc_parallel_loops, aplc_parallel_threads());
  /* Of those, the ones run in parallel regions around loops of parallel loops (parallel.c). */
  if (aplc_parallel_regions_run > 0)
    fprintf(stderr, "aplc stats: %lld of them in %lld parallel regions\n", (long long)aplc_parallel_region_loops,
            (long long)aplc_parallel_regions_run);
  release();
}

void aplc_stats_init(void) {
  const char *text = getenv("APLC_STATS");
  if (enabled || text == NULL || strcmp(text, "1") != 0) return;
  enabled = true;
  atexit(print_stats);
}

void *aplc_alloc_array(int64_t count, size_t element_size) {
  void *block = aplc_malloc_array(count, element_size);
  if (enabled) {
    acquire();
    remember(block, (size_t)count * element_size);
    release();
  }
  return block;
}

void aplc_free_array(void *block) {
  if (enabled && block != NULL) {
    acquire();
    forget(block);
    release();
  }
  free(block);
}
