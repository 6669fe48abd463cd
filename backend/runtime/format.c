/* format.c: the public printing entry points (display to a buffer or a FILE*) and ⍕. */
#include "runtime_internal.h"

#include <stdlib.h>
#include <string.h>

void aplc_display(aplc_buffer *out, const aplc_array_view *value, aplc_style style) {
  text_sink sink = {out, NULL, 0, 0};
  if (style == APLC_STYLE_TAIL) {
    tail_display(&sink, value);
  } else {
    apl_write_rows(&sink, value, APLC_STYLE_APL, true);
  }
}

int aplc_print(FILE *stream, const aplc_array_view *value, aplc_style style) {
  aplc_buffer text;
  aplc_buffer_init(&text);
  aplc_display(&text, value, style);
  size_t written = text.length == 0 ? 0 : fwrite(text.data, 1, text.length, stream);
  int status = written == text.length ? 0 : -1;
  aplc_buffer_free(&text);
  return status;
}

static int64_t *copy_shape(int32_t rank, const int64_t *shape) {
  if (rank == 0) return NULL;
  int64_t *copy = aplc_malloc_array(rank, sizeof(int64_t));
  memcpy(copy, shape, (size_t)rank * sizeof(int64_t));
  return copy;
}

/* ⍕ of a character array is the array itself (copied, since the result owns its data). */
static void format_chars(const aplc_array_view *value, aplc_formatted *result) {
  int64_t count = view_element_count(value);
  result->rank = value->rank;
  result->shape = copy_shape(value->rank, value->shape);
  result->data = aplc_malloc_array(count, sizeof(aplc_char));
  for (int64_t i = 0; i < count; i++) result->data[i] = view_char(value, view_offset(value, i));
  result->length = count;
}

/* The rows are laid out as for display but back to back; every row has the same width. The
 * TAIL style keeps the layout and spells numbers the TAIL way (apltail formats only scalars). */
static void format_numbers(const aplc_array_view *value, aplc_style style,
                           aplc_formatted *result) {
  text_sink sink = {NULL, NULL, 0, 0};
  apl_write_rows(&sink, value, style, false);
  int64_t rows = value->rank <= 1 ? 1 : view_row_count(value);
  int64_t width = rows == 0 ? 0 : sink.count / rows;
  result->rank = value->rank <= 1 ? 1 : value->rank;
  result->shape = aplc_malloc_array(result->rank, sizeof(int64_t));
  for (int32_t axis = 0; axis + 1 < result->rank; axis++) result->shape[axis] = value->shape[axis];
  result->shape[result->rank - 1] = width;
  result->data = sink.codepoints != NULL ? sink.codepoints : aplc_malloc(0);
  result->length = sink.count;
}

void aplc_format(const aplc_array_view *value, aplc_style style, aplc_formatted *result) {
  if (value->type == APLC_CHAR) {
    format_chars(value, result);
  } else {
    format_numbers(value, style, result);
  }
}

void aplc_formatted_free(aplc_formatted *result) {
  free(result->shape);
  free(result->data);
  result->shape = NULL;
  result->data = NULL;
  result->rank = 0;
  result->length = 0;
}
