/* generated.c: runtime support that generated programs call through Laila's Call: the program's
 * random generator, ⍕ and file input into pending results (a Laila call returns one scalar, so
 * variable-sized results are produced in two steps: size, then copy into memory the program
 * allocated), and grading. */
#include "aplc_runtime.h"

#include <stdlib.h>
#include <string.h>

static aplc_random program_random = {APLC_DEFAULT_RANDOM_SEED};

int64_t aplc_gen_roll(int64_t n) { return aplc_random_roll(&program_random, n); }

double aplc_gen_roll_double(int64_t ignored) {
  (void)ignored;
  return aplc_random_double(&program_random);
}

int64_t aplc_gen_deal(int64_t k, int64_t n, int64_t *out) {
  if (aplc_random_deal(&program_random, k, n, out) != 0)
    aplc_error(APLC_LIMIT_ERROR, NULL, 0, 0, "out of memory in deal");
  return 0;
}

/* The pending result of the last format or read. */
static void *pending = NULL;
static int64_t pending_count = 0;

static int64_t take_pending(void *out, size_t element_size) {
  if (pending_count > 0) memcpy(out, pending, (size_t)pending_count * element_size);
  free(pending);
  pending = NULL;
  pending_count = 0;
  return 0;
}

int64_t aplc_gen_format(int64_t type, int64_t rank, int64_t length, const void *data, int64_t style) {
  int64_t shape[1] = {length};
  aplc_array_view view = aplc_view((aplc_base_type)type, (int32_t)rank, rank > 0 ? shape : NULL, data);
  aplc_formatted f;
  aplc_format(&view, (aplc_style)style, &f);
  free(f.shape);
  free(pending);
  pending = f.data;
  pending_count = f.length;
  return f.length;
}

int64_t aplc_gen_format_rows(int64_t type, int64_t rows, int64_t cols, const void *data, int64_t style) {
  int64_t shape[2] = {rows, cols};
  aplc_array_view view = aplc_view((aplc_base_type)type, 2, shape, data);
  aplc_formatted f;
  aplc_format(&view, (aplc_style)style, &f);
  free(f.shape);
  free(pending);
  pending = f.data;
  pending_count = f.length;
  return f.length;
}

int64_t aplc_gen_take_chars(aplc_char *out) { return take_pending(out, sizeof(aplc_char)); }
int64_t aplc_gen_take_ints(aplc_int *out) { return take_pending(out, sizeof(aplc_int)); }
int64_t aplc_gen_take_doubles(aplc_double *out) { return take_pending(out, sizeof(aplc_double)); }

int64_t aplc_gen_read(int64_t which, const aplc_char *path, int64_t path_length) {
  char *name = aplc_utf8_encode(path, path_length, NULL);
  aplc_error_info error;
  int64_t count = 0;
  int status;
  free(pending);
  pending = NULL;
  if (which == 0) {
    aplc_char *chars = NULL;
    status = aplc_read_file(name, &chars, &count, &error);
    pending = chars;
  } else if (which == 1) {
    aplc_int *ints = NULL;
    status = aplc_read_int_vec_file(name, &ints, &count, &error);
    pending = ints;
  } else {
    aplc_double *doubles = NULL;
    status = aplc_read_double_vec_file(name, &doubles, &count, &error);
    pending = doubles;
  }
  free(name);
  if (status != 0) {
    pending = NULL;
    pending_count = 0;
    return -1;
  }
  pending_count = count;
  return count;
}

/* The interpreter's order: NaN after every number, equal to NaN; ties keep their order. */
static int less_at(int64_t type, const void *data, int64_t x, int64_t y) {
  switch ((aplc_base_type)type) {
    case APLC_DOUBLE: {
      double p = ((const double *)data)[x], q = ((const double *)data)[y];
      if (p != p || q != q) return p == p && q != q;
      return p < q;
    }
    case APLC_INT: return ((const int64_t *)data)[x] < ((const int64_t *)data)[y];
    case APLC_BOOL: return ((const uint8_t *)data)[x] < ((const uint8_t *)data)[y];
    case APLC_CHAR: return ((const uint32_t *)data)[x] < ((const uint32_t *)data)[y];
    case APLC_COMPLEX: break; /* complex numbers have no order (the elaborator rejects ⍋ on them) */
  }
  return 0;
}

int64_t aplc_gen_grade(int64_t type, const void *data, int64_t n, int64_t *out, int64_t descending) {
  int64_t *tmp = aplc_malloc_array(n, sizeof(int64_t));
  for (int64_t k = 0; k < n; ++k) out[k] = k;
  /* Bottom-up merge sort: stable. An element of the right run goes first only when strictly
   * before the left one. */
  for (int64_t width = 1; width < n; width *= 2) {
    for (int64_t lo = 0; lo < n; lo += 2 * width) {
      int64_t mid = lo + width < n ? lo + width : n;
      int64_t hi = lo + 2 * width < n ? lo + 2 * width : n;
      int64_t i = lo, j = mid, t = lo;
      while (i < mid && j < hi) {
        int before = descending ? less_at(type, data, out[i], out[j]) : less_at(type, data, out[j], out[i]);
        tmp[t++] = before ? out[j++] : out[i++];
      }
      while (i < mid) tmp[t++] = out[i++];
      while (j < hi) tmp[t++] = out[j++];
    }
    memcpy(out, tmp, (size_t)n * sizeof(int64_t));
  }
  free(tmp);
  for (int64_t k = 0; k < n; ++k) out[k] += 1;
  return 0;
}

/* The hash key of item i: its bits (a double's with -0 made 0, so that the two, equal, share one). */
static uint64_t key_at(int64_t type, const void *data, int64_t i) {
  switch ((aplc_base_type)type) {
    case APLC_DOUBLE: {
      double d = ((const double *)data)[i];
      if (d == 0) d = 0;
      uint64_t bits;
      memcpy(&bits, &d, sizeof bits);
      return bits;
    }
    case APLC_INT: return (uint64_t)((const int64_t *)data)[i];
    case APLC_BOOL: return ((const uint8_t *)data)[i];
    case APLC_CHAR: return ((const uint32_t *)data)[i];
    case APLC_COMPLEX: break; /* the elaborator keeps complex numbers out */
  }
  return 0;
}

static int equal_items(int64_t type, const void *a, int64_t i, const void *b, int64_t j) {
  if ((aplc_base_type)type == APLC_DOUBLE) return ((const double *)a)[i] == ((const double *)b)[j];
  return key_at(type, a, i) == key_at(type, b, j);
}

/* Looking up this few items, a scan of left (which stops at the first equal item) costs less
 * than building the hash table, and takes no memory: run⍳best in a 2·10⁷-item run built a table
 * of 512 MB for one item. */
enum { APLC_INDEX_OF_SCANNED_ITEMS = 8 };

/* The hash table's slots: an index into left, or -1; in 32 bits where left has fewer than 2^31
 * items (the table is the index-of's largest memory: half of it, for every array it serves).
 * It lives in int64_t words the program allocates (aplc_index_table_words): the first holds
 * `bits | wide << 8`, the slots follow. */
typedef struct {
  void *data;
  int wide; /* 64-bit slots */
  int bits; /* 2^bits slots */
} index_table;

static int64_t slot_get(const index_table *t, int64_t s) {
  return t->wide ? ((const int64_t *)t->data)[s] : ((const int32_t *)t->data)[s];
}

static void slot_set(index_table *t, int64_t s, int64_t i) {
  if (t->wide) {
    ((int64_t *)t->data)[s] = i;
  } else {
    ((int32_t *)t->data)[s] = (int32_t)i;
  }
}

/* The slot of an item equal to data[i], or the empty slot where it would go: Fibonacci hashing
 * (the top bits of key × 2^64/φ) and linear probing. */
static int64_t slot_of(const index_table *t, int64_t type, const void *left, const void *data, int64_t i) {
  int64_t mask = ((int64_t)1 << t->bits) - 1;
  int64_t s = (int64_t)((key_at(type, data, i) * UINT64_C(0x9E3779B97F4A7C15)) >> (64 - t->bits));
  while (slot_get(t, s) >= 0 && !equal_items(type, left, slot_get(t, s), data, i)) s = (s + 1) & mask;
  return s;
}

/* The table for n items of left: open addressing, at most half full. */
static index_table index_table_shape(int64_t n) {
  index_table t = {NULL, n > INT32_MAX, 4};
  while (t.bits < 62 && ((int64_t)1 << t.bits) < 2 * n) t.bits++;
  return t;
}

int64_t aplc_index_table_words(int64_t n, int64_t m) {
  if (m <= APLC_INDEX_OF_SCANNED_ITEMS) return 0;
  index_table t = index_table_shape(n);
  int64_t slots = (int64_t)1 << t.bits;
  return 1 + (t.wide ? slots : slots / 2);
}

int64_t aplc_gen_index_table(int64_t type, const void *left, int64_t n, int64_t *table, int64_t words) {
  if (words == 0) return 0;
  index_table t = index_table_shape(n);
  table[0] = t.bits | (int64_t)t.wide << 8;
  t.data = table + 1;
  int64_t size = (int64_t)1 << t.bits;
  for (int64_t s = 0; s < size; ++s) slot_set(&t, s, -1);
  for (int64_t i = 0; i < n; ++i) {
    int64_t s = slot_of(&t, type, left, left, i);
    if (slot_get(&t, s) < 0) slot_set(&t, s, i); /* an equal item already there came first: kept */
  }
  return 0;
}

/* The 1-origin index of data[i] in left (n + 1: absent), by the table or, without one, a scan. */
static int64_t index_in(int64_t type, const void *left, int64_t n, const int64_t *table, int64_t words,
                        const void *data, int64_t i) {
  if (words == 0) {
    int64_t k = 0;
    while (k < n && !equal_items(type, left, k, data, i)) k++;
    return k + 1;
  }
  index_table t = {(void *)(table + 1), (int)(table[0] >> 8), (int)(table[0] & 0xff)};
  int64_t found = slot_get(&t, slot_of(&t, type, left, data, i));
  return found >= 0 ? found + 1 : n + 1;
}

int64_t aplc_index_of_int(const aplc_int *left, int64_t n, const int64_t *table, int64_t words, aplc_int key) {
  return index_in(APLC_INT, left, n, table, words, &key, 0);
}

int64_t aplc_index_of_double(const aplc_double *left, int64_t n, const int64_t *table, int64_t words, aplc_double key) {
  return index_in(APLC_DOUBLE, left, n, table, words, &key, 0);
}

/* out may be right's memory (the lowering writes L⍳R over a dying R): out[j] is written after the
 * last read of right[j]. */
int64_t aplc_gen_index_of(int64_t type, const void *left, int64_t n, const void *right, int64_t m, int64_t *out) {
  int64_t words = aplc_index_table_words(n, m);
  int64_t *table = words ? aplc_malloc_array(words, sizeof(int64_t)) : NULL;
  aplc_gen_index_table(type, left, n, table, words);
  for (int64_t j = 0; j < m; ++j) out[j] = index_in(type, left, n, table, words, right, j);
  free(table);
  return 0;
}

static int64_t expansion_bytes = -1; /* $APLC_EXPANSION_BYTES, read at the first question */

int64_t aplc_expansion_chunk(int64_t trips, int64_t bytes) {
  if (expansion_bytes < 0) {
    const char *text = getenv("APLC_EXPANSION_BYTES");
    long long n = text != NULL && *text != '\0' ? strtoll(text, NULL, 10) : 0;
    expansion_bytes = n > 0 ? (int64_t)n : (int64_t)128 << 20;
  }
  if (trips < 1) return 1;
  if (bytes <= 0) return bytes == 0 ? trips : 1;
  int64_t chunk = expansion_bytes / bytes;
  return chunk < 1 ? 1 : chunk > trips ? trips : chunk;
}

/* Each thread's own: a recursive function may run in the iterations of a parallel loop, each
 * thread counting the depth of the calls on its own stack. */
static _Thread_local int64_t aplc_recursion_depth;

int64_t aplc_recursion_enter(void) { return ++aplc_recursion_depth; }

int64_t aplc_recursion_leave(void) { return --aplc_recursion_depth; }
