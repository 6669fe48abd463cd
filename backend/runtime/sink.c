/* sink.c: text sinks, where layouts write their characters: UTF-8 bytes into an aplc_buffer
 * (printing) or code points into a growing array (the result of ⍕). */
#include "runtime_internal.h"

#include <stdlib.h>

void sink_put(text_sink *sink, aplc_char codepoint) {
  if (sink->bytes != NULL) {
    if (codepoint < 0x80) {
      char byte = (char)codepoint;
      aplc_buffer_append(sink->bytes, &byte, 1);
    } else {
      aplc_buffer_append_codepoint(sink->bytes, codepoint);
    }
    return;
  }
  if (sink->count == sink->capacity) {
    sink->capacity = sink->capacity < 64 ? 64 : sink->capacity * 2;
    sink->codepoints = aplc_realloc(sink->codepoints, (size_t)sink->capacity * sizeof(aplc_char));
  }
  sink->codepoints[sink->count++] = codepoint;
}

void sink_put_spaces(text_sink *sink, int64_t count) {
  for (int64_t i = 0; i < count; i++) sink_put(sink, ' ');
}

void sink_put_ascii(text_sink *sink, const char *text, size_t length) {
  if (sink->bytes != NULL) {
    aplc_buffer_append(sink->bytes, text, length);
    return;
  }
  for (size_t i = 0; i < length; i++) sink_put(sink, (unsigned char)text[i]);
}

/* APL writes negative numbers and exponents with the high minus ¯ (U+00AF) and infinity as ∞. */
void sink_put_number(text_sink *sink, const char *text, size_t length, aplc_style style) {
  if (style == APLC_STYLE_TAIL) {
    sink_put_ascii(sink, text, length);
    return;
  }
  for (size_t i = 0; i < length; i++) {
    char c = text[i];
    sink_put(sink, c == '-' ? 0x00AF : c == 'I' ? 0x221E : (aplc_char)(unsigned char)c);
  }
}
