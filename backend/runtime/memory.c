/* memory.c: checked allocation. Running out of memory is an APL LIMIT ERROR with a clear
 * message and exit status 1, never a NULL dereference. */
#include "aplc_runtime.h"

#include <stdint.h>
#include <stdlib.h>

static void *checked(void *block, size_t bytes) {
  if (block == NULL) {
    aplc_errorf(APLC_LIMIT_ERROR, NULL, 0, 0, "out of memory (could not allocate %zu bytes)", bytes);
  }
  return block;
}

/* count × element_size in bytes, or a LIMIT ERROR when it is negative or does not fit. */
static size_t array_bytes(int64_t count, size_t element_size) {
  if (count < 0) {
    aplc_errorf(APLC_LIMIT_ERROR, NULL, 0, 0, "cannot allocate an array of %lld elements",
                (long long)count);
  }
  if (element_size != 0 && (uint64_t)count > SIZE_MAX / element_size) {
    aplc_errorf(APLC_LIMIT_ERROR, NULL, 0, 0, "array of %lld elements is too large",
                (long long)count);
  }
  return (size_t)count * element_size;
}

/* malloc(0) may return NULL; a one-byte block keeps "never NULL" true for empty arrays. */
void *aplc_malloc(size_t bytes) {
  size_t wanted = bytes == 0 ? 1 : bytes;
  return checked(malloc(wanted), wanted);
}

void *aplc_malloc_array(int64_t count, size_t element_size) {
  return aplc_malloc(array_bytes(count, element_size));
}

void *aplc_calloc_array(int64_t count, size_t element_size) {
  size_t bytes = array_bytes(count, element_size);
  if (bytes == 0) return aplc_malloc(0);
  return checked(calloc((size_t)count, element_size), bytes);
}

void *aplc_realloc(void *block, size_t bytes) {
  size_t wanted = bytes == 0 ? 1 : bytes;
  return checked(realloc(block, wanted), wanted);
}
