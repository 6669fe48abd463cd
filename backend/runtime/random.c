/* random.c: the SplitMix64 generator and the APL random functions built on it (roll, ?0, deal),
 * shared by the reference interpreter and generated programs (aplc_runtime.h documents them). */
#include "aplc_runtime.h"

#include <stdlib.h>

void aplc_random_init(aplc_random *r, uint64_t seed) { r->state = seed; }

uint64_t aplc_random_next(aplc_random *r) {
  uint64_t z = (r->state += UINT64_C(0x9E3779B97F4A7C15));
  z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
  z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
  return z ^ (z >> 31);
}

int64_t aplc_random_roll(aplc_random *r, int64_t n) {
  uint64_t range = (uint64_t)n;
  /* Draws at or above the largest multiple of n are rejected: every result is equally likely. */
  uint64_t limit = UINT64_MAX - UINT64_MAX % range;
  uint64_t draw;
  do {
    draw = aplc_random_next(r);
  } while (draw >= limit);
  return (int64_t)(draw % range) + 1;
}

double aplc_random_double(aplc_random *r) {
  return (double)(aplc_random_next(r) >> 11) * (1.0 / 9007199254740992.0);
}

/* The positions a partial Fisher–Yates shuffle has disturbed: an open-addressing hash map from a
 * position to the value now there (absent: position + 1). */
typedef struct moved_map {
  int64_t *keys;
  int64_t *values;
  size_t capacity; /* a power of two, at least twice the entries */
} moved_map;

static size_t slot_of(const moved_map *m, int64_t key) {
  size_t h = (size_t)((uint64_t)key * UINT64_C(0x9E3779B97F4A7C15) >> 17) & (m->capacity - 1);
  while (m->keys[h] != -1 && m->keys[h] != key) h = (h + 1) & (m->capacity - 1);
  return h;
}

static int64_t moved_get(const moved_map *m, int64_t key) {
  size_t h = slot_of(m, key);
  return m->keys[h] == key ? m->values[h] : key + 1;
}

static void moved_set(moved_map *m, int64_t key, int64_t value) {
  size_t h = slot_of(m, key);
  m->keys[h] = key;
  m->values[h] = value;
}

int aplc_random_deal(aplc_random *r, int64_t k, int64_t n, int64_t *out) {
  moved_map m;
  m.capacity = 16;
  while (m.capacity < (size_t)k * 2 + 2) m.capacity *= 2;
  m.keys = malloc(m.capacity * sizeof(int64_t));
  m.values = malloc(m.capacity * sizeof(int64_t));
  if (m.keys == NULL || m.values == NULL) {
    free(m.keys);
    free(m.values);
    return -1;
  }
  for (size_t s = 0; s < m.capacity; ++s) m.keys[s] = -1;
  for (int64_t i = 0; i < k; ++i) {
    int64_t j = i + aplc_random_roll(r, n - i) - 1;
    int64_t picked = moved_get(&m, j);
    moved_set(&m, j, moved_get(&m, i));
    out[i] = picked;
  }
  free(m.keys);
  free(m.values);
  return 0;
}
