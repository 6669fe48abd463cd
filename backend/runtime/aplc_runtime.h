/* aplc_runtime.h: the C runtime shared by every execution path of aplc.
 *
 * The reference interpreter (C++, tail/) and the generated C / OpenMP / OpenCL programs call this
 * one library to print values, format them with ⍕, report APL errors, allocate memory with checks,
 * read input files and time benchmarks, so that every path prints the same bytes.
 *
 * Plain C11, usable from C++ (extern "C"). Arrays are passed as views (no copy): a base type, a
 * rank, a shape, a data pointer and optional strides, pointing at memory the caller owns.
 *
 * The exact printing rules of both output styles are documented in backend/runtime/README.md.
 */
#ifndef APLC_RUNTIME_H
#define APLC_RUNTIME_H

#include <stddef.h>
#include <stdint.h>
#include <math.h>
#include <setjmp.h>
#include <stdbool.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#define APLC_NORETURN [[noreturn]]
#else
#define APLC_NORETURN _Noreturn
#endif

#if defined(__GNUC__)
#define APLC_PRINTF_LIKE(fmt_index, first_arg) __attribute__((format(printf, fmt_index, first_arg)))
#else
#define APLC_PRINTF_LIKE(fmt_index, first_arg)
#endif

/* ---------------------------------------------------------------------------------------------
 * Array views
 * ------------------------------------------------------------------------------------------- */

/* Element storage of each base type. */
typedef int64_t aplc_int;     /* APLC_INT */
typedef double aplc_double;   /* APLC_DOUBLE */
typedef uint8_t aplc_bool;    /* APLC_BOOL: 0 or 1 (any non-zero byte prints as 1) */
typedef uint32_t aplc_char;   /* APLC_CHAR: a Unicode code point */
typedef struct aplc_complex { /* APLC_COMPLEX: real and imaginary part (C99 double _Complex layout) */
  double re, im;
} aplc_complex;

typedef enum aplc_base_type { APLC_INT, APLC_DOUBLE, APLC_BOOL, APLC_CHAR, APLC_COMPLEX } aplc_base_type;

/* A read-only view of an array in row-major order. `shape` has `rank` entries (may be NULL when
 * rank is 0). `data` points at the element with index (0,…,0). `strides` (in elements, one per
 * axis, negative allowed) is NULL for the usual contiguous row-major layout; a strided view lets
 * a transposed or reversed array (an LMAD) be printed without copying it first. */
typedef struct aplc_array_view {
  aplc_base_type type;
  int32_t rank;
  const int64_t *shape;
  const void *data;
  const int64_t *strides;
} aplc_array_view;

/* Convenience constructors for contiguous views and scalars. */
aplc_array_view aplc_view(aplc_base_type type, int32_t rank, const int64_t *shape, const void *data);
aplc_array_view aplc_scalar_view(aplc_base_type type, const void *element);

/* ---------------------------------------------------------------------------------------------
 * Growable byte buffer (the interpreter prints into strings)
 * ------------------------------------------------------------------------------------------- */

typedef struct aplc_buffer {
  char *data;    /* NUL-terminated once anything was appended; NULL while empty */
  size_t length; /* bytes, without the terminating NUL */
  size_t capacity;
} aplc_buffer;

void aplc_buffer_init(aplc_buffer *buffer);
void aplc_buffer_free(aplc_buffer *buffer);
void aplc_buffer_append(aplc_buffer *buffer, const char *bytes, size_t count);
void aplc_buffer_append_str(aplc_buffer *buffer, const char *text);
void aplc_buffer_append_codepoint(aplc_buffer *buffer, uint32_t codepoint); /* as UTF-8 */

/* ---------------------------------------------------------------------------------------------
 * Printing values
 * ------------------------------------------------------------------------------------------- */

typedef enum aplc_style {
  APLC_STYLE_APL, /* Dyalog's default display, ⎕PP=10: `¯`, aligned columns, … */
  APLC_STYLE_TAIL /* apltail's output (`--format=tail`): `[3](1,2,3)`, `-`, 12 digits, … */
} aplc_style;

/* The significant digits of the APL style (Dyalog's default ⎕PP). */
#define APLC_PRINT_PRECISION 10

/* The deepest recursion of a recursive APL function (calls in progress at once) before a LIMIT
 * ERROR: the interpreter and generated programs stop at the same depth, so that they agree, and
 * before either exhausts its stack. The interpreter's frames are the larger: 17 to 28 KB per
 * level of a simple dfn under AddressSanitizer, whose unwinding of an error cleans at most 64 MB
 * of stack (deeper, its later checks report false stack overflows), so the sanitized test runs
 * bound the depth: 2500 levels are about 45 MB of them. */
#define APLC_MAX_RECURSION_DEPTH 2500
/* Sets ⎕PP (clamped to 1..17, all a double has) for the calling thread's displays and formats;
 * returns the previous value, to restore it. */
int64_t aplc_set_print_precision(int64_t precision);

/* Appends the display of `value` to `out`, every line ending in '\n' (as `⎕←value` prints it). */
void aplc_display(aplc_buffer *out, const aplc_array_view *value, aplc_style style);

/* Writes the display of `value` to `stream`. Returns 0, or -1 when writing failed. */
int aplc_print(FILE *stream, const aplc_array_view *value, aplc_style style);

/* Formats one number as its display text (no newline): convenient for the interpreter's messages
 * and for ⍕ of a scalar. Returns the length in bytes; `out` needs APLC_NUMBER_TEXT_MAX bytes. */
#define APLC_NUMBER_TEXT_MAX 64
size_t aplc_format_int(char *out, int64_t value, aplc_style style);
size_t aplc_format_double(char *out, double value, aplc_style style);
/* A complex number: `3J6.4`, `6J¯4`, `2` (APL: a zero imaginary part is left out, as Dyalog
 * does); `3.0j6.4`, `6.0j-4.0`, `2.0j0.0` (TAIL: always both parts). */
size_t aplc_format_complex(char *out, aplc_complex value, aplc_style style);

/* ⍕ (monadic format): a character array that displays like `value`.
 * - a character array formats as itself (same shape);
 * - a numeric scalar or vector gives a character vector (elements separated by one blank);
 * - a numeric array of rank k ≥ 2 gives a rank-k character array: the same shape except the last
 *   axis, which is the width of the formatted rows (no blank lines between planes).
 * The result owns `shape` (rank entries, NULL when rank is 0) and `data` (`length` code points). */
typedef struct aplc_formatted {
  int32_t rank;
  int64_t *shape;
  aplc_char *data;
  int64_t length;
} aplc_formatted;

void aplc_format(const aplc_array_view *value, aplc_style style, aplc_formatted *result);
void aplc_formatted_free(aplc_formatted *result);

/* ---------------------------------------------------------------------------------------------
 * APL errors
 * ------------------------------------------------------------------------------------------- */

typedef enum aplc_error_kind {
  APLC_DOMAIN_ERROR,
  APLC_INDEX_ERROR,
  APLC_LENGTH_ERROR,
  APLC_RANK_ERROR,
  APLC_VALUE_ERROR,
  APLC_LIMIT_ERROR, /* out of memory, or a size that does not fit */
  APLC_FILE_ERROR   /* an input file cannot be opened or read */
} aplc_error_kind;

/* "DOMAIN ERROR", "INDEX ERROR", …, "LIMIT ERROR", "FILE ERROR". */
const char *aplc_error_name(aplc_error_kind kind);

/* Appends the one-line report `file:line:col: KIND ERROR: detail\n` to `out`. The location prefix
 * is left out when `file` is NULL (and the column when `col` ≤ 0); `: detail` when `detail` is NULL
 * or empty. The interpreter uses this to print exactly what a generated program prints. */
void aplc_format_error(aplc_buffer *out, aplc_error_kind kind, const char *file, int line, int col,
                       const char *detail);

/* Flushes stdout, writes the report to stderr and exits with status 1. */
/* Where run-time errors come from, for their reports: each entry is a source location and the
 * text printed after the error line (the source line and a caret, as the compiler prints them).
 * A generated program registers its table at the start of main; aplc_error prints the entry of
 * the error's location, if any. */
typedef struct {
  const char *file;
  int line;
  int col;
  const char *excerpt;
} aplc_source_excerpt;
void aplc_set_source_excerpts(const aplc_source_excerpt *table, size_t count);

APLC_NORETURN void aplc_error(aplc_error_kind kind, const char *file, int line, int col,
                              const char *detail);
APLC_NORETURN void aplc_errorf(aplc_error_kind kind, const char *file, int line, int col,
                               const char *detail_format, ...) APLC_PRINTF_LIKE(5, 6);

/* A check of a generated program: one row of its static table `aplc_checks` (the error, where,
 * and what to print). Generated C and OpenCL host code name a failing check by its row. */
typedef struct aplc_check {
  aplc_error_kind kind;
  const char *file;
  int line, col;
  const char *detail;
} aplc_check;
/* aplc_error with the check's error and location. */
APLC_NORETURN void aplc_check_failed(const aplc_check *check);

/* An error that a library function returns instead of exiting, so the interpreter can raise it
 * as its own error and generated code can pass it to aplc_error with its source location. */
typedef struct aplc_error_info {
  aplc_error_kind kind;
  char message[256];
} aplc_error_info;

/* ---------------------------------------------------------------------------------------------
 * Checked allocation: LIMIT ERROR instead of a crash. Release with free().
 * ------------------------------------------------------------------------------------------- */

void *aplc_malloc(size_t bytes);                        /* never NULL, even for 0 bytes */
void *aplc_calloc_array(int64_t count, size_t element_size); /* zeroed; count < 0 → LIMIT */
void *aplc_malloc_array(int64_t count, size_t element_size); /* count×size overflow → LIMIT */
void *aplc_realloc(void *block, size_t bytes);

/* The arrays of generated programs (stats.c): aplc_malloc_array and free, counted when the
 * program runs with APLC_STATS=1 (aplc_stats_init, called by generated main, reads it), which
 * prints the allocations, the bytes allocated and the peak of live bytes on stderr at exit. */
void aplc_stats_init(void);
void *aplc_alloc_array(int64_t count, size_t element_size);
void aplc_free_array(void *block);

/* ---------------------------------------------------------------------------------------------
 * UTF-8 and file input (⎕ReadFile, ⎕ReadIntVecFile, ⎕ReadDoubleVecFile)
 * ------------------------------------------------------------------------------------------- */

/* Encodes code points as a NUL-terminated UTF-8 string (malloc'd; free() it). Code points that are
 * not Unicode scalar values encode as U+FFFD. `byte_length` may be NULL. */
char *aplc_utf8_encode(const aplc_char *codepoints, int64_t count, size_t *byte_length);

/* Decodes UTF-8. Returns 0 and a malloc'd array (never NULL) on success; on malformed input returns
 * -1 with a DOMAIN ERROR in `error` naming the byte offset. */
int aplc_utf8_decode(const char *bytes, size_t byte_count, aplc_char **codepoints, int64_t *count,
                     aplc_error_info *error);

/* Each reader returns 0 and a malloc'd vector (never NULL; free() it) on success, or -1 with the
 * error filled in: FILE ERROR when the file cannot be read, DOMAIN ERROR for bad content.
 * Numbers are separated by white space and/or commas; a sign is `¯`, `-`, `~` or `+`. */
int aplc_read_file(const char *path, aplc_char **chars, int64_t *count, aplc_error_info *error);
int aplc_read_int_vec_file(const char *path, aplc_int **values, int64_t *count,
                           aplc_error_info *error);
int aplc_read_double_vec_file(const char *path, aplc_double **values, int64_t *count,
                              aplc_error_info *error);

/* ---------------------------------------------------------------------------------------------
 * Timing
 * ------------------------------------------------------------------------------------------- */

/* Milliseconds on a monotonic clock with an arbitrary origin (for measuring intervals). */
double aplc_clock_ms(void);
/* Whole milliseconds since aplc_runtime_init (or since the first call of this function). */
int64_t aplc_elapsed_ms(void);
/* Records the program's start time; generated programs call it first thing in main. */
void aplc_runtime_init(void);
/* Recursive APL functions: each call is counted while it runs, so that recursion deeper than
 * APLC_MAX_RECURSION_DEPTH is a LIMIT ERROR at the call rather than a stack overflow. enter
 * returns the calls in progress with the new one, leave those left after one returns. Only
 * sequential code calls recursive functions (the parallel contract), so one counter serves. */
int64_t aplc_recursion_enter(void);
int64_t aplc_recursion_leave(void);
/* ⎕TS: writes the local time's year, month, day, hour, minute, second and millisecond to
 * out[0..6]; returns 0. */
int64_t aplc_gen_timestamp(aplc_int *out);

/* ---------------------------------------------------------------------------------------------
 * Parallel loops (the OpenMP target; parallel.c)
 * ------------------------------------------------------------------------------------------- */

/* A parallel loop runs on several threads when its iterations times the estimated work of one
 * (in simple operations, a constant of the generated code) reach this much (less: the thread
 * team costs more than it saves). $APLC_PARALLEL_MIN_WORK sets it (default 262144; tests use 1,
 * to run every parallel loop on several threads); aplc_runtime_init reads it. */
extern int64_t aplc_parallel_min_work;
/* How many threads a parallel region would get: an OpenMP program's main sets it to
 * omp_get_max_threads (which honours $OMP_NUM_THREADS); NULL (one thread) otherwise. */
extern int (*aplc_parallel_count_threads)(void);
/* Its answer, asked once, when a first loop is worth threads: a system call (the CPUs this
 * process may run on) that small programs never make. */
int aplc_parallel_threads(void);
/* Whether the thread team has been started (by the first loop run on threads). */
extern bool aplc_parallel_team_started;
void aplc_parallel_init(void);
/* Before the team exists: whether to start it for this loop: the loop's estimated work alone
 * pays for it ($APLC_PARALLEL_TEAM_WORK, by default 2^25), or the
 * loops worth threads have run alone long enough ($APLC_PARALLEL_TEAM_MS, 5 ms; parallel.c
 * says why). */
bool aplc_parallel_start_team(int64_t iterations, int64_t work);
/* The same for a sequential loop of parallel loops about to run as one region: its remaining
 * iterations' estimated work together pays for the start four times over. */
bool aplc_parallel_start_team_for_region(double work);
/* A loop worth threads runs alone, waiting for the team: its time counts towards starting it
 * (until the aplc_parallel_report after it). */
void aplc_parallel_time_alone(void);
/* The parallel loops run so far, and those of them run on threads (APLC_STATS=1 prints both). */
extern int64_t aplc_parallel_loops, aplc_parallel_loops_threaded;
/* The parallel regions around loops of parallel loops run so far, and the loops run in them. */
extern int64_t aplc_parallel_regions_run, aplc_parallel_region_loops;
/* How many traps (aplc_trap_enter, below) the calling thread is in: inside one, it runs an
 * iteration of a threaded loop, and the loops of the functions that iteration calls run on it
 * alone, touching none of the shared state below. */
#ifdef __cplusplus
extern thread_local int aplc_parallel_trapped;
#else
extern _Thread_local int aplc_parallel_trapped;
#endif
/* Whether a parallel loop of `iterations` iterations that cost `work` each is worth threads:
 * there are threads to share it, and enough work. */
static inline bool aplc_parallel_worth_threads(int64_t iterations, int64_t work) {
  if (aplc_parallel_trapped) return false;
  if (iterations < 2 || iterations < (aplc_parallel_min_work + work - 1) / work) return false;
  return aplc_parallel_threads() >= 2;
}
/* Whether such a loop runs on threads (else the calling thread runs it: no team, whose start
 * costs even one thread time): it is worth threads, and the team is started or worth starting
 * (which starting it then assumes). Code with a cheaper sequential form (a blocked scan,
 * laila/lower/LowerFold.cpp) asks this first, with a lower bound of its loops' work, so that
 * the loops it then runs find the team started. */
static inline bool aplc_parallel_will_thread(int64_t iterations, int64_t work) {
  return aplc_parallel_worth_threads(iterations, work) &&
         (aplc_parallel_team_started || aplc_parallel_start_team(iterations, work));
}
/* The same for a parallel loop about to run, counted in the statistics; a loop that runs alone
 * only because the team is not started yet is timed (aplc_parallel_time_alone). */
static inline bool aplc_parallel_worthwhile(int64_t iterations, int64_t work) {
  if (aplc_parallel_trapped) return false;
  aplc_parallel_loops++;
  if (!aplc_parallel_worth_threads(iterations, work)) return false;
  if (!aplc_parallel_team_started && !aplc_parallel_start_team(iterations, work)) {
    aplc_parallel_time_alone();
    return false;
  }
  aplc_parallel_loops_threaded++;
  return true;
}
/* Whether the program has fewer threads than its threaded version needs ($APLC_PARALLEL_VERSION_THREADS,
 * default 3): main then runs its sequential version (laila/lower/SequentialVersion.h). */
bool aplc_parallel_runs_sequential_version(void);
/* Whether a sequential loop of parallel loops runs as one parallel region from its next
 * iteration on (backend/c/ParallelRegion.h): the parallel loops of one iteration have work
 * enough for threads together (their iterations times their estimated work, summed), and the
 * team is started, by the loops before it (aplc_parallel_worthwhile) or now, for the
 * `iterations_left` iterations' work together (hotspot's 360 generations on 512×512 cells:
 * each generation's loop is below the threshold of one loop, and the first 5 ms, a twentieth
 * of the program on two threads, ran alone). */
extern bool aplc_parallel_regions; /* false with $APLC_PARALLEL_REGIONS=0 (for comparison) */
static inline bool aplc_parallel_region_worthwhile(double work_per_iteration, int64_t iterations_left) {
  if (aplc_parallel_trapped) return false;
  if (!aplc_parallel_regions || work_per_iteration < (double)aplc_parallel_min_work) return false;
  /* A started team means two threads or more: only a loop worth threads starts it. */
  if (aplc_parallel_team_started) return true;
  return aplc_parallel_threads() >= 2 && aplc_parallel_start_team_for_region(work_per_iteration * (double)iterations_left);
}
/* In a parallel region, before its thread runs the region's `step`th parallel loop or single
 * (1, 2, ...): an error recorded there belongs to that step. */
void aplc_parallel_region_step(int64_t step);
/* In a parallel region, after the `step`th step's barrier: whether a check failed in that step
 * or before it (every thread gets the same answer, so all leave the region together). */
bool aplc_parallel_failed_by(int64_t step);
/* After a parallel region that ran `loops` parallel loops (the statistics). */
void aplc_parallel_region_ran(int64_t loops);
/* A check failed in `iteration` of a parallel loop (the iteration then skips its rest): the
 * earliest such iteration's error is kept. Thread-safe. */
void aplc_parallel_fail(int64_t iteration, aplc_error_kind kind, const char *file, int line, int col,
                        const char *detail);
/* The same for a check of the program's table. */
void aplc_parallel_check_failed(int64_t iteration, const aplc_check *check);
/* After a parallel loop: reports the kept error (aplc_error: exits with status 1), if any. */
void aplc_parallel_report(void);
/* An iteration of a parallel loop that calls functions of the program (a recursive APL function)
 * sets a trap around its body: an APL error raised in a function it calls (aplc_error, from a
 * failing check or the runtime) is then recorded for the iteration, as the loop's own checks
 * record theirs, and the call unwinds to the trap (longjmp), where the iteration skips its rest:
 *   aplc_trap t; if (setjmp(t.env)) goto skip; aplc_trap_enter(&t, i); … skip: aplc_trap_leave(&t);
 * Traps nest (a function's own parallel loop, run by the calling thread); each thread has its own. */
typedef struct aplc_trap {
  jmp_buf env;
  int64_t iteration;
  struct aplc_trap *outer;
} aplc_trap;
void aplc_trap_enter(aplc_trap *trap, int64_t iteration);
void aplc_trap_leave(aplc_trap *trap);
/* Called by aplc_error first: under a trap, records the error for the trap's iteration and
 * unwinds to it; otherwise returns. */
void aplc_parallel_trap_error(aplc_error_kind kind, const char *file, int line, int col, const char *detail);


/* ---------------------------------------------------------------------------------------------
 * Random numbers: SplitMix64 (Steele, Lea, Flood 2014), the generator of the interpreter and of
 * generated programs alike (docs/semantics.md). The default seed is 16807 (Dyalog's initial ⎕RL).
 *   next     state += 0x9E3779B97F4A7C15; z = state; z = (z ^ z>>30) * 0xBF58476D1CE4E5B9;
 *            z = (z ^ z>>27) * 0x94D049BB133111EB; z ^ z>>31
 *   roll n   1 + the first draw below the largest multiple of n, modulo n (n > 0)
 *   double   (draw >> 11) × 2^-53, in [0,1)
 *   deal k n the first k entries of a Fisher–Yates shuffle of 1..n: position i swapped with
 *            position i + roll(n - i) - 1 (0 ≤ k ≤ n; only disturbed positions are stored)
 * ------------------------------------------------------------------------------------------- */

#define APLC_DEFAULT_RANDOM_SEED 16807u

typedef struct aplc_random {
  uint64_t state;
} aplc_random;

void aplc_random_init(aplc_random *r, uint64_t seed);
uint64_t aplc_random_next(aplc_random *r);
int64_t aplc_random_roll(aplc_random *r, int64_t n);   /* n > 0 */
double aplc_random_double(aplc_random *r);
/* Writes k values to out; returns 0, or -1 when out of memory. Requires 0 <= k <= n. */
int aplc_random_deal(aplc_random *r, int64_t k, int64_t n, int64_t *out);

/* ---------------------------------------------------------------------------------------------
 * Support for generated programs (called from Laila through Call: scalar arguments, memory as
 * pointers). One generator with the default seed serves the whole program.
 * ------------------------------------------------------------------------------------------- */

int64_t aplc_gen_roll(int64_t n);              /* n > 0 (the program checks) */
double aplc_gen_roll_double(int64_t ignored);
int64_t aplc_gen_deal(int64_t k, int64_t n, int64_t *out); /* returns 0 */

/* ⍕ of a scalar or vector (type: an aplc_base_type, style: an aplc_style) into a pending
 * result; returns its length in code points. aplc_gen_take_chars copies it out and frees it. */
int64_t aplc_gen_format(int64_t type, int64_t rank, int64_t length, const void *data, int64_t style);
/* ⍕ of an array of rank >= 2 viewed as a rows x cols matrix (the layout aligns columns over all
 * rows of all planes, so the leading axes only matter through their product); returns the number
 * of characters (rows x the row width), to be taken with aplc_gen_take_chars. */
int64_t aplc_gen_format_rows(int64_t type, int64_t rows, int64_t cols, const void *data, int64_t style);
int64_t aplc_gen_take_chars(aplc_char *out);

/* File input into a pending vector (which: 0 characters, 1 ints, 2 doubles): its length, or -1
 * when the file cannot be read or parsed (the program reports the error at its location). The take
 * functions copy the pending vector out and free it. */
int64_t aplc_gen_read(int64_t which, const aplc_char *path, int64_t path_length);
int64_t aplc_gen_take_ints(aplc_int *out);
int64_t aplc_gen_take_doubles(aplc_double *out);

/* ⍋ / ⍒ of a vector (stable, NaN after every number): 1-origin positions into out. Returns 0. */
int64_t aplc_gen_grade(int64_t type, const void *data, int64_t n, int64_t *out, int64_t descending);
/* L⍳R on vectors (TAIL indexOf): out[j] is the 1-origin index of right[j]'s first occurrence in
 * left[0..n), or n+1; both arrays of the base type `type`, compared exactly (-0 equals 0). A hash
 * table of left's first occurrences: linear time. Shared by the interpreter. */
int64_t aplc_gen_index_of(int64_t type, const void *left, int64_t n, const void *right, int64_t m, int64_t *out);
/* L⍳R in two steps, so that R's items can be looked up where they are computed: a table of left's
 * first occurrences, in `words` int64_t words the program allocates (0 words: no table, for
 * m <= 8 items of R, which scan left instead), built once; then one lookup per item, which only
 * reads memory (safe on threads). The lookups return the 1-origin index, or n+1. */
int64_t aplc_index_table_words(int64_t n, int64_t m);
/* Memory expansion (backend/memory/Expansion.h): how many of a parallel loop's `trips` iterations
 * run at once, each with `bytes` of an expanded block, so that the block stays within
 * $APLC_EXPANSION_BYTES (default 128 MiB): at least 1, at most trips (1 for bytes <= 0). */
int64_t aplc_expansion_chunk(int64_t trips, int64_t bytes);
int64_t aplc_gen_index_table(int64_t type, const void *left, int64_t n, int64_t *table, int64_t words);
int64_t aplc_index_of_int(const aplc_int *left, int64_t n, const int64_t *table, int64_t words, aplc_int key);
int64_t aplc_index_of_double(const aplc_double *left, int64_t n, const int64_t *table, int64_t words, aplc_double key);

/* The scalar helpers of generated expressions (also compiled into OpenCL kernels). */
#include "aplc_scalar.h"

#ifdef __cplusplus
}
#endif

#endif /* APLC_RUNTIME_H */
