/* runtime_internal.h: declarations shared by the runtime's .c files, not part of its interface.
 *
 * Numbers are first formatted as short ASCII "number texts" ('-' for a minus sign, 'E' for the
 * exponent, 'I' for infinity) that both styles share for layout (widths are then byte counts).
 * A text sink turns them into output: UTF-8 bytes for printing, or code points for ⍕. Only when
 * writing to a sink does the APL style spell '-' as '¯' and 'I' as '∞'.
 */
#ifndef APLC_RUNTIME_INTERNAL_H
#define APLC_RUNTIME_INTERNAL_H

#include "aplc_runtime.h"

#include <stdbool.h>

/* Longest number text: a complex number, two parts of sign, 17 digits, point, exponent. */
#define NUMBER_TEXT_CAPACITY 64

/* ---- number texts (number_format.c) ---- */

/* Formats element `offset` of `value` (numeric or boolean). With `force_scaled`, a double is
 * written in scaled form (APL style only: every number of a scaled matrix column is). */
size_t format_number_text(char *out, const aplc_array_view *value, int64_t offset,
                          aplc_style style, bool force_scaled);
size_t format_int_text(char *out, int64_t value);
size_t format_double_apl_text(char *out, double value, bool force_scaled);
size_t format_double_tail_text(char *out, double value);
size_t format_complex_text(char *out, aplc_complex value, aplc_style style);

/* ---- element access (view.c) ---- */

int64_t view_element_count(const aplc_array_view *value);
/* The data offset (in elements) of the element with row-major position `linear`. */
int64_t view_offset(const aplc_array_view *value, int64_t linear);
/* Length of the last axis (1 for a scalar), and the number of rows (product of the others). */
int64_t view_row_length(const aplc_array_view *value);
int64_t view_row_count(const aplc_array_view *value);
aplc_char view_char(const aplc_array_view *value, int64_t offset);

/* ---- text sinks (sink.c) ---- */

typedef struct text_sink {
  aplc_buffer *bytes;   /* UTF-8 output, or NULL */
  aplc_char *codepoints; /* code point output when bytes is NULL */
  int64_t count;
  int64_t capacity;
} text_sink;

void sink_put(text_sink *sink, aplc_char codepoint);
void sink_put_spaces(text_sink *sink, int64_t count);
void sink_put_ascii(text_sink *sink, const char *text, size_t length);
/* Writes a number text, spelling '-' and 'I' the way `style` does. */
void sink_put_number(text_sink *sink, const char *text, size_t length, aplc_style style);

/* ---- layouts (display_apl.c, display_tail.c) ---- */

/* Writes the rows of a numeric or character array of any rank in the APL style. When
 * `as_lines`, each row ends in '\n' and blank lines separate planes (display); otherwise the rows
 * are written back to back, each padded to the same width (the data of ⍕'s result). */
void apl_write_rows(text_sink *sink, const aplc_array_view *value, aplc_style number_style,
                    bool as_lines);
void tail_display(text_sink *sink, const aplc_array_view *value);

#endif /* APLC_RUNTIME_INTERNAL_H */
