/* display_apl.c: the APL (Dyalog) layout of a simple array, shared by printing and ⍕.
 *
 * - A scalar or vector is one row: numbers formatted independently, separated by one blank;
 *   characters as they are. An empty vector is an empty row.
 * - An array of rank k ≥ 2 is a matrix of rows (the product of all but the last axis) with one
 *   column per index of the last axis. Characters are written as they are. Numbers are aligned
 *   per column, over all rows of all planes, as Dyalog does: the integer parts right-justified,
 *   the decimal points aligned (a number without a fraction leaves the fraction field blank), one
 *   blank between columns. A column in which some number needs scaled form is written entirely
 *   in scaled form, mantissas padded with zeros to the same number of decimals, the E's aligned
 *   and exponents left-justified.
 * - Printing ends each row with a newline and separates planes by blank lines: one between the
 *   matrices of a rank-3 array, two between the rank-3 blocks of a rank-4 array, and so on.
 *   An array with no rows prints nothing; one with empty rows prints empty lines.
 */
#include "runtime_internal.h"

#include <stdlib.h>
#include <string.h>

/* A number text cut into integer part (with sign), fraction ('.' and digits) and exponent. */
typedef struct number_parts {
  size_t integer;
  size_t fraction;
  size_t exponent;
} number_parts;

static number_parts split_number(const char *text, size_t length) {
  number_parts parts = {length, 0, 0};
  if (memchr(text, 'J', length) != NULL) return parts; /* complex: right-justified as a whole */
  const char *exponent = memchr(text, 'E', length);
  size_t mantissa = exponent != NULL ? (size_t)(exponent - text) : length;
  parts.exponent = length - mantissa;
  const char *point = memchr(text, '.', mantissa);
  parts.integer = point != NULL ? (size_t)(point - text) : mantissa;
  parts.fraction = mantissa - parts.integer;
  return parts;
}

typedef struct column_format {
  bool scaled;
  number_parts width; /* the widest of each part over the column */
} column_format;

static void widen(number_parts *width, number_parts parts) {
  if (parts.integer > width->integer) width->integer = parts.integer;
  if (parts.fraction > width->fraction) width->fraction = parts.fraction;
  if (parts.exponent > width->exponent) width->exponent = parts.exponent;
}

static int64_t element_offset(const aplc_array_view *value, int64_t row, int64_t column) {
  return view_offset(value, row * view_row_length(value) + column);
}

/* Finds whether the column needs scaled form (only the APL style rescales) and its widths. */
static column_format measure_column(const aplc_array_view *value, int64_t column,
                                    aplc_style style) {
  column_format format = {false, {0, 0, 0}};
  char text[NUMBER_TEXT_CAPACITY];
  int64_t rows = view_row_count(value);
  for (int64_t row = 0; row < rows; row++) {
    size_t length = format_number_text(text, value, element_offset(value, row, column), style, false);
    number_parts parts = split_number(text, length);
    if (parts.exponent > 0 && style == APLC_STYLE_APL) format.scaled = true;
    widen(&format.width, parts);
  }
  if (format.scaled) {
    format.width = (number_parts){0, 0, 0};
    for (int64_t row = 0; row < rows; row++) {
      size_t length = format_number_text(text, value, element_offset(value, row, column), style, true);
      widen(&format.width, split_number(text, length));
    }
  }
  return format;
}

static void write_aligned(text_sink *sink, const char *text, size_t length,
                          const column_format *format, aplc_style style) {
  number_parts parts = split_number(text, length);
  sink_put_spaces(sink, (int64_t)(format->width.integer - parts.integer));
  sink_put_number(sink, text, parts.integer + parts.fraction, style);
  if (format->scaled) {
    /* pad the mantissa with zeros: 1.5E3 in a column of 1.25E¯7 reads 1.50E3 */
    size_t written = parts.fraction;
    if (written == 0 && format->width.fraction > 0) {
      sink_put(sink, '.');
      written = 1;
    }
    for (; written < format->width.fraction; written++) sink_put(sink, '0');
  } else {
    sink_put_spaces(sink, (int64_t)(format->width.fraction - parts.fraction));
  }
  sink_put_number(sink, text + parts.integer + parts.fraction, parts.exponent, style);
  sink_put_spaces(sink, (int64_t)(format->width.exponent - parts.exponent));
}

/* Blank lines before row `row` (> 0): one for each axis beyond the last two whose index
 * changes there. */
static int blank_lines_before(const aplc_array_view *value, int64_t row) {
  int blanks = 0;
  int64_t block = value->shape[value->rank - 2];
  for (int32_t axis = value->rank - 3; axis >= 0; axis--) {
    if (row % block == 0) blanks++;
    block *= value->shape[axis];
  }
  return blanks;
}

static void begin_row(text_sink *sink, const aplc_array_view *value, int64_t row, bool as_lines) {
  if (!as_lines || row == 0 || value->rank < 3) return;
  for (int blanks = blank_lines_before(value, row); blanks > 0; blanks--) sink_put(sink, '\n');
}

static void end_row(text_sink *sink, bool as_lines) {
  if (as_lines) sink_put(sink, '\n');
}

static void write_char_rows(text_sink *sink, const aplc_array_view *value, bool as_lines) {
  int64_t rows = view_row_count(value);
  int64_t length = view_row_length(value);
  for (int64_t row = 0; row < rows; row++) {
    begin_row(sink, value, row, as_lines);
    for (int64_t column = 0; column < length; column++) {
      sink_put(sink, view_char(value, element_offset(value, row, column)));
    }
    end_row(sink, as_lines);
  }
}

/* Scalars and vectors: each number formatted on its own, one blank between them. */
static void write_number_row(text_sink *sink, const aplc_array_view *value, aplc_style style,
                             bool as_lines) {
  char text[NUMBER_TEXT_CAPACITY];
  int64_t count = view_element_count(value);
  for (int64_t i = 0; i < count; i++) {
    if (i > 0) sink_put(sink, ' ');
    size_t length = format_number_text(text, value, view_offset(value, i), style, false);
    sink_put_number(sink, text, length, style);
  }
  end_row(sink, as_lines);
}

static void write_number_matrix(text_sink *sink, const aplc_array_view *value, aplc_style style,
                                bool as_lines) {
  int64_t rows = view_row_count(value);
  int64_t columns = view_row_length(value);
  if (rows == 0) return;
  column_format *formats = aplc_malloc_array(columns, sizeof(column_format));
  for (int64_t column = 0; column < columns; column++) {
    formats[column] = measure_column(value, column, style);
  }
  char text[NUMBER_TEXT_CAPACITY];
  for (int64_t row = 0; row < rows; row++) {
    begin_row(sink, value, row, as_lines);
    for (int64_t column = 0; column < columns; column++) {
      if (column > 0) sink_put(sink, ' ');
      size_t length = format_number_text(text, value, element_offset(value, row, column), style,
                                         formats[column].scaled);
      write_aligned(sink, text, length, &formats[column], style);
    }
    end_row(sink, as_lines);
  }
  free(formats);
}

void apl_write_rows(text_sink *sink, const aplc_array_view *value, aplc_style number_style,
                    bool as_lines) {
  if (value->type == APLC_CHAR) {
    write_char_rows(sink, value, as_lines);
  } else if (value->rank <= 1) {
    write_number_row(sink, value, number_style, as_lines);
  } else {
    write_number_matrix(sink, value, number_style, as_lines);
  }
}
