/* file_input.c: ⎕ReadFile (a file's UTF-8 text as characters), ⎕ReadIntVecFile and
 * ⎕ReadDoubleVecFile (numbers separated by white space and/or commas, as apltail reads them).
 * A number's sign may be written `¯`, `-`, `~` (Standard ML) or `+`; a double may have a fraction
 * and an exponent (`2.5E¯3`, `1e-3`). Problems are returned as errors, never a crash: FILE ERROR
 * when the file cannot be read, DOMAIN ERROR naming the file, line and offending text otherwise. */
#include "aplc_runtime.h"

#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int file_error(aplc_error_info *error, const char *what, const char *path, int cause) {
  error->kind = APLC_FILE_ERROR;
  snprintf(error->message, sizeof error->message, "cannot %s '%.150s': %s", what, path,
           strerror(cause));
  return -1;
}

/* Reads the whole file into a malloc'd buffer (NUL-terminated for convenience). */
static int read_bytes(const char *path, char **bytes, size_t *length, aplc_error_info *error) {
  FILE *file = fopen(path, "rb");
  if (file == NULL) return file_error(error, "open", path, errno);
  aplc_buffer content;
  aplc_buffer_init(&content);
  char chunk[65536];
  size_t got;
  while ((got = fread(chunk, 1, sizeof chunk, file)) > 0) aplc_buffer_append(&content, chunk, got);
  bool failed = ferror(file) != 0;
  int saved_errno = errno;
  fclose(file);
  if (failed) {
    aplc_buffer_free(&content);
    return file_error(error, "read", path, saved_errno);
  }
  if (content.data == NULL) aplc_buffer_append(&content, "", 0); /* empty file: still a buffer */
  *bytes = content.data;
  *length = content.length;
  return 0;
}

int aplc_read_file(const char *path, aplc_char **chars, int64_t *count, aplc_error_info *error) {
  char *bytes;
  size_t length;
  if (read_bytes(path, &bytes, &length, error) != 0) return -1;
  int status = aplc_utf8_decode(bytes, length, chars, count, error);
  free(bytes);
  if (status != 0) {
    char reason[sizeof error->message];
    memcpy(reason, error->message, sizeof reason);
    snprintf(error->message, sizeof error->message, "'%.150s': %.90s", path, reason);
  }
  return status;
}

/* ---- tokens: maximal runs of bytes that are neither white space nor commas ---- */

typedef struct token_reader {
  const char *bytes;
  size_t length;
  size_t position;
  int line; /* of the current token, 1-based */
} token_reader;

static bool is_separator(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f' || c == ',';
}

/* The next token as [*start, *start + *size), or false at the end. */
static bool next_token(token_reader *reader, const char **start, size_t *size) {
  while (reader->position < reader->length && is_separator(reader->bytes[reader->position])) {
    if (reader->bytes[reader->position] == '\n') reader->line++;
    reader->position++;
  }
  if (reader->position >= reader->length) return false;
  *start = reader->bytes + reader->position;
  while (reader->position < reader->length && !is_separator(reader->bytes[reader->position])) {
    reader->position++;
  }
  *size = (size_t)(reader->bytes + reader->position - *start);
  return true;
}

/* Skips a leading sign (¯ is the two UTF-8 bytes C2 AF); returns true when it is negative. */
static bool take_sign(const char **text, size_t *size) {
  if (*size >= 2 && (unsigned char)(*text)[0] == 0xC2 && (unsigned char)(*text)[1] == 0xAF) {
    *text += 2, *size -= 2;
    return true;
  }
  if (*size >= 1 && ((*text)[0] == '-' || (*text)[0] == '~')) {
    *text += 1, *size -= 1;
    return true;
  }
  if (*size >= 1 && (*text)[0] == '+') *text += 1, *size -= 1;
  return false;
}

/* A token as a short printable C string for messages. */
static void quote_token(char *out, size_t capacity, const char *start, size_t size) {
  size_t shown = size < capacity - 4 ? size : capacity - 4;
  memcpy(out, start, shown);
  strcpy(out + shown, shown < size ? "..." : "");
}

static bool parse_int(const char *text, size_t size, int64_t *value) {
  bool negative = take_sign(&text, &size);
  if (size == 0) return false;
  uint64_t magnitude = 0;
  uint64_t limit = negative ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX;
  for (size_t i = 0; i < size; i++) {
    if (text[i] < '0' || text[i] > '9') return false;
    uint64_t digit = (uint64_t)(text[i] - '0');
    if (magnitude > (limit - digit) / 10) return false;
    magnitude = magnitude * 10 + digit;
  }
  *value = negative ? (int64_t)(0 - magnitude) : (int64_t)magnitude;
  return true;
}

/* Accepts digits [. digits] [E|e sign? digits] with at least one mantissa digit, rewriting it as
 * plain ASCII for strtod (which alone would also accept inf, nan and hexadecimal). */
static bool parse_double(const char *text, size_t size, double *value) {
  bool negative = take_sign(&text, &size);
  char ascii[512];
  size_t length = 0;
  size_t i = 0;
  size_t mantissa_digits = 0;
  if (size >= sizeof ascii - 8) return false;
  if (negative) ascii[length++] = '-';
  for (; i < size && text[i] >= '0' && text[i] <= '9'; i++) ascii[length++] = text[i], mantissa_digits++;
  if (i < size && text[i] == '.') {
    ascii[length++] = text[i++];
    for (; i < size && text[i] >= '0' && text[i] <= '9'; i++) ascii[length++] = text[i], mantissa_digits++;
  }
  if (mantissa_digits == 0) return false;
  if (i < size && (text[i] == 'E' || text[i] == 'e')) {
    ascii[length++] = 'e';
    const char *exponent = text + i + 1;
    size_t exponent_size = size - i - 1;
    if (take_sign(&exponent, &exponent_size)) ascii[length++] = '-';
    if (exponent_size == 0) return false;
    for (size_t k = 0; k < exponent_size; k++) {
      if (exponent[k] < '0' || exponent[k] > '9') return false;
      ascii[length++] = exponent[k];
    }
    i = size;
  }
  if (i != size) return false;
  ascii[length] = '\0';
  *value = strtod(ascii, NULL);
  return !isinf(*value);
}

/* Reads numbers of `element_size` bytes; `parse` converts one token into *element. */
typedef bool (*number_parser)(const char *text, size_t size, void *element);

static bool parse_int_element(const char *text, size_t size, void *element) {
  return parse_int(text, size, (int64_t *)element);
}

static bool parse_double_element(const char *text, size_t size, void *element) {
  return parse_double(text, size, (double *)element);
}

static int read_numbers(const char *path, size_t element_size, number_parser parse,
                        const char *expected, void **values, int64_t *count,
                        aplc_error_info *error) {
  char *bytes;
  size_t length;
  if (read_bytes(path, &bytes, &length, error) != 0) return -1;
  token_reader reader = {bytes, length, 0, 1};
  char *out = aplc_malloc(16 * element_size);
  int64_t capacity = 16;
  int64_t n = 0;
  const char *start;
  size_t size;
  while (next_token(&reader, &start, &size)) {
    if (n == capacity) {
      capacity *= 2;
      out = aplc_realloc(out, (size_t)capacity * element_size);
    }
    if (!parse(start, size, out + (size_t)n * element_size)) {
      char shown[48];
      quote_token(shown, sizeof shown, start, size);
      error->kind = APLC_DOMAIN_ERROR;
      snprintf(error->message, sizeof error->message, "'%.150s' line %d: expected %s, found '%s'",
               path, reader.line, expected, shown);
      free(out);
      free(bytes);
      return -1;
    }
    n++;
  }
  free(bytes);
  *values = out;
  *count = n;
  return 0;
}

int aplc_read_int_vec_file(const char *path, aplc_int **values, int64_t *count,
                           aplc_error_info *error) {
  void *out;
  if (read_numbers(path, sizeof(aplc_int), parse_int_element, "an integer", &out, count, error)) {
    return -1;
  }
  *values = out;
  return 0;
}

int aplc_read_double_vec_file(const char *path, aplc_double **values, int64_t *count,
                              aplc_error_info *error) {
  void *out;
  if (read_numbers(path, sizeof(aplc_double), parse_double_element, "a number", &out, count,
                   error)) {
    return -1;
  }
  *values = out;
  return 0;
}
