/* aplprint.h: the little the hand-written C baselines need to print results the way Dyalog APL
 * displays them, and to read problem sizes from the command line.
 *
 * Display rules followed (Dyalog's default, ⎕PP=10):
 *   - negative numbers start with the high minus `¯`;
 *   - doubles show at most 10 significant digits and no trailing zeros (258.5573404, 0.5, 3);
 *     very large or small magnitudes use Dyalog's exponent form (1.23456789E10, 1E¯7); the
 *     switch points are C's %.10g ones, the benchmarks keep their results away from them;
 *   - integers print in full; negative zero prints as 0;
 *   - the items of a vector are formatted one by one and separated by a single space.
 *
 * aplc's own printing lives in backend/runtime/; this header is deliberately separate and minimal,
 * so that the baselines do not depend on the compiler they are used to measure. Header-only: every
 * function is static inline, each baseline is one translation unit.
 */
#ifndef APLPRINT_H
#define APLPRINT_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define APL_NUM_BUF 64

/* Copies `text` into out, each '-' spelled as APL's high minus (UTF-8 "\xC2\xAF"). */
static inline void apl_copy_high_minus(char *out, size_t size, const char *text) {
  size_t n = 0;
  for (; *text != '\0' && n + 3 < size; ++text) {
    if (*text == '-') {
      out[n++] = '\xC2';
      out[n++] = '\xAF';
    } else {
      out[n++] = *text;
    }
  }
  out[n] = '\0';
}

static inline void apl_format_int(char *out, size_t size, long long v) {
  char digits[APL_NUM_BUF];
  snprintf(digits, sizeof digits, "%lld", v);
  apl_copy_high_minus(out, size, digits);
}

/* %.10g, then Dyalog's spelling of the exponent: 1e+10 -> E10, 1e-07 -> E¯7. */
static inline void apl_format_double(char *out, size_t size, double v) {
  char digits[APL_NUM_BUF], spelled[APL_NUM_BUF];
  char *e;
  if (v == 0.0) v = 0.0; /* turns -0.0 into 0.0 */
  snprintf(digits, sizeof digits, "%.10g", v);
  e = strchr(digits, 'e');
  if (e != NULL) {
    int exponent = atoi(e + 1);
    *e = '\0';
    snprintf(spelled, sizeof spelled, "%.20sE%d", digits, exponent);
  } else {
    snprintf(spelled, sizeof spelled, "%s", digits);
  }
  apl_copy_high_minus(out, size, spelled);
}

static inline void apl_print_doubles(const double *v, size_t n) {
  char buf[APL_NUM_BUF * 2];
  size_t i;
  for (i = 0; i < n; ++i) {
    apl_format_double(buf, sizeof buf, v[i]);
    printf(i == 0 ? "%s" : " %s", buf);
  }
  printf("\n");
}

static inline void apl_print_ints(const long long *v, size_t n) {
  char buf[APL_NUM_BUF * 2];
  size_t i;
  for (i = 0; i < n; ++i) {
    apl_format_int(buf, sizeof buf, v[i]);
    printf(i == 0 ? "%s" : " %s", buf);
  }
  printf("\n");
}

/* The problem-size argument at position `index` (1-based, as in argv), or `fallback` when absent.
 * Sizes must be positive integers; anything else is a usage error. */
static inline long long apl_size_arg(int argc, char **argv, int index, long long fallback) {
  char *end;
  long long v;
  if (index >= argc) return fallback;
  v = strtoll(argv[index], &end, 10);
  if (*argv[index] == '\0' || *end != '\0' || v <= 0) {
    fprintf(stderr, "%s: size argument %d must be a positive integer, got '%s'\n", argv[0], index,
            argv[index]);
    exit(2);
  }
  return v;
}

/* Memory for the baselines: a failed allocation is reported, never dereferenced. */
static inline void *apl_alloc(size_t count, size_t item_size) {
  void *p = calloc(count == 0 ? 1 : count, item_size);
  if (p == NULL) {
    fprintf(stderr, "out of memory (%zu items of %zu bytes)\n", count, item_size);
    exit(3);
  }
  return p;
}

/* +/v for more than 1024 doubles as aplc computes it (docs/semantics.md, "reduce"): each block of
 * 1024 items a right fold, then a right fold of the block sums, so that the baselines' doubles
 * match the APL's. */
static inline double apl_sum_blocked(const double *v, long long n) {
  double total = 0.0;
  long long first = ((n - 1) / 1024) * 1024;
  for (; n > 0 && first >= 0; first -= 1024) {
    long long last = first + 1024 < n ? first + 1024 : n, i;
    double part = 0.0;
    for (i = last - 1; i >= first; --i) part = v[i] + part;
    total = part + total;
  }
  return total;
}

#endif /* APLPRINT_H */
