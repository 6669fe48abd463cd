/* display_tail.c: apltail's output format (`--format=tail`), byte for byte as its test corpus
 * (the .out.ok files of ../shared/conformance/apltail) expects.
 *
 * - A character vector prints as its text. Characters are spelled as Standard ML's
 *   Char.toString spells them: `\n`, `\t`, `\\`, `\"`, `\^A` for other control characters,
 *   `\127` for DEL (so a file's newlines print as the two characters \n, see readfile.out.ok).
 *   Characters beyond ASCII are written as UTF-8 (apltail writes their code in hex instead).
 * - A matrix with at least one element prints as an empty line, then each row as a blank
 *   followed by its elements, each right-justified to the width of the widest element of the
 *   whole matrix and separated by one blank (characters: not separated), then an empty line.
 * - Any other array, scalars and empty matrices included, prints flat:
 *   `[d1,d2,…](e1,e2,…)`, a scalar as `[](e)`; character elements are not separated.
 * - Numbers: see number_format.c. Booleans print as 0 and 1.
 */
#include "runtime_internal.h"

#include <stdio.h>
#include <string.h>

/* The spelling of one character: its code points in `out` (at most 4), returns how many. */
static size_t char_spelling(aplc_char c, aplc_char out[4]) {
  static const char *const named = "\a\b\t\n\v\f\r";
  static const char *const letters = "abtnvfr";
  const char *found = c != 0 && c < 0x80 ? strchr(named, (int)c) : NULL;
  if (found != NULL) {
    out[0] = '\\';
    out[1] = (aplc_char)(unsigned char)letters[found - named];
    return 2;
  }
  if (c == '\\' || c == '"') {
    out[0] = '\\';
    out[1] = c;
    return 2;
  }
  if (c < 0x20) { /* \^@ … \^_ */
    out[0] = '\\';
    out[1] = '^';
    out[2] = c + 0x40;
    return 3;
  }
  if (c == 0x7F) {
    out[0] = '\\';
    out[1] = '1';
    out[2] = '2';
    out[3] = '7';
    return 4;
  }
  out[0] = c;
  return 1;
}

/* An element's spelling as code points (numbers are ASCII), for measuring and writing. */
typedef struct spelling {
  aplc_char text[NUMBER_TEXT_CAPACITY];
  size_t length;
} spelling;

static spelling spell_element(const aplc_array_view *value, int64_t offset) {
  spelling result;
  if (value->type == APLC_CHAR) {
    result.length = char_spelling(view_char(value, offset), result.text);
    return result;
  }
  char text[NUMBER_TEXT_CAPACITY];
  result.length = format_number_text(text, value, offset, APLC_STYLE_TAIL, false);
  for (size_t i = 0; i < result.length; i++) result.text[i] = (unsigned char)text[i];
  return result;
}

static void put_spelling(text_sink *sink, const spelling *element) {
  for (size_t i = 0; i < element->length; i++) sink_put(sink, element->text[i]);
}

static void write_flat(text_sink *sink, const aplc_array_view *value) {
  char number[NUMBER_TEXT_CAPACITY];
  sink_put(sink, '[');
  for (int32_t axis = 0; axis < value->rank; axis++) {
    if (axis > 0) sink_put(sink, ',');
    sink_put_ascii(sink, number, format_int_text(number, value->shape[axis]));
  }
  sink_put_ascii(sink, "](", 2);
  int64_t count = view_element_count(value);
  for (int64_t i = 0; i < count; i++) {
    if (i > 0 && value->type != APLC_CHAR) sink_put(sink, ',');
    spelling element = spell_element(value, view_offset(value, i));
    put_spelling(sink, &element);
  }
  sink_put_ascii(sink, ")\n", 2);
}

static void write_text(text_sink *sink, const aplc_array_view *value) {
  int64_t count = view_element_count(value);
  for (int64_t i = 0; i < count; i++) {
    spelling element = spell_element(value, view_offset(value, i));
    put_spelling(sink, &element);
  }
  sink_put(sink, '\n');
}

static void write_matrix(text_sink *sink, const aplc_array_view *value) {
  int64_t count = view_element_count(value);
  int64_t columns = value->shape[1];
  size_t width = 0;
  for (int64_t i = 0; i < count; i++) {
    spelling element = spell_element(value, view_offset(value, i));
    if (element.length > width) width = element.length;
  }
  sink_put(sink, '\n');
  for (int64_t i = 0; i < count; i++) {
    int64_t column = i % columns;
    if (column == 0 || value->type != APLC_CHAR) sink_put(sink, ' ');
    spelling element = spell_element(value, view_offset(value, i));
    sink_put_spaces(sink, (int64_t)(width - element.length));
    put_spelling(sink, &element);
    if (column == columns - 1) sink_put(sink, '\n');
  }
  sink_put(sink, '\n');
}

void tail_display(text_sink *sink, const aplc_array_view *value) {
  if (value->rank == 1 && value->type == APLC_CHAR) {
    write_text(sink, value);
  } else if (value->rank == 2 && view_element_count(value) > 0) {
    write_matrix(sink, value);
  } else {
    write_flat(sink, value);
  }
}
