/* error.c: APL error reports. Generated programs report `file:line:col: INDEX ERROR: detail` on
 * stderr and exit with status 1; the interpreter formats the same line with aplc_format_error. */
#include "aplc_runtime.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *aplc_error_name(aplc_error_kind kind) {
  switch (kind) {
    case APLC_DOMAIN_ERROR: return "DOMAIN ERROR";
    case APLC_INDEX_ERROR: return "INDEX ERROR";
    case APLC_LENGTH_ERROR: return "LENGTH ERROR";
    case APLC_RANK_ERROR: return "RANK ERROR";
    case APLC_VALUE_ERROR: return "VALUE ERROR";
    case APLC_LIMIT_ERROR: return "LIMIT ERROR";
    case APLC_FILE_ERROR: return "FILE ERROR";
  }
  return "ERROR"; /* an out-of-range kind still gives a readable report */
}

/* "file:line:col: ", "file:line: ", "file: " or "" (long file names are cut). Written into a
 * fixed array, without allocating, so that running out of memory can be reported too. */
static void location_prefix(char *out, size_t capacity, const char *file, int line, int col) {
  if (file == NULL || file[0] == '\0') { /* no place in the source (an internal limit) */
    out[0] = '\0';
  } else if (line > 0 && col > 0) {
    snprintf(out, capacity, "%s:%d:%d: ", file, line, col);
  } else if (line > 0) {
    snprintf(out, capacity, "%s:%d: ", file, line);
  } else {
    snprintf(out, capacity, "%s: ", file);
  }
}

void aplc_format_error(aplc_buffer *out, aplc_error_kind kind, const char *file, int line, int col,
                       const char *detail) {
  char location[512];
  location_prefix(location, sizeof location, file, line, col);
  aplc_buffer_append_str(out, location);
  aplc_buffer_append_str(out, aplc_error_name(kind));
  if (detail != NULL && detail[0] != '\0') {
    aplc_buffer_append_str(out, ": ");
    aplc_buffer_append_str(out, detail);
  }
  aplc_buffer_append_str(out, "\n");
}

static const aplc_source_excerpt *source_excerpts = NULL;
static size_t source_excerpt_count = 0;

void aplc_set_source_excerpts(const aplc_source_excerpt *table, size_t count) {
  source_excerpts = table;
  source_excerpt_count = count;
}

static const char *find_excerpt(const char *file, int line, int col) {
  if (file == NULL) return NULL;
  for (size_t i = 0; i < source_excerpt_count; ++i) {
    const aplc_source_excerpt *e = &source_excerpts[i];
    if (e->line == line && e->col == col && strcmp(e->file, file) == 0) return e->excerpt;
  }
  return NULL;
}

void aplc_error(aplc_error_kind kind, const char *file, int line, int col, const char *detail) {
  aplc_parallel_trap_error(kind, file, line, col, detail); /* unwinds when an iteration traps errors */
  char location[512];
  location_prefix(location, sizeof location, file, line, col);
  fflush(stdout); /* what the program printed so far comes before the report */
  fputs(location, stderr);
  fputs(aplc_error_name(kind), stderr);
  if (detail != NULL && detail[0] != '\0') fprintf(stderr, ": %s", detail);
  fputc('\n', stderr);
  const char *excerpt = find_excerpt(file, line, col);
  if (excerpt != NULL) fputs(excerpt, stderr);
  fflush(stderr);
  exit(1);
}

void aplc_check_failed(const aplc_check *check) {
  aplc_error(check->kind, check->file, check->line, check->col, check->detail);
}

void aplc_errorf(aplc_error_kind kind, const char *file, int line, int col,
                 const char *detail_format, ...) {
  char detail[512];
  va_list args;
  va_start(args, detail_format);
  vsnprintf(detail, sizeof detail, detail_format, args);
  va_end(args);
  aplc_error(kind, file, line, col, detail);
}
