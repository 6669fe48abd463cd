/* buffer.c: the growable byte buffer and UTF-8 encoding/decoding of code point arrays. */
#include "aplc_runtime.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void aplc_buffer_init(aplc_buffer *buffer) {
  buffer->data = NULL;
  buffer->length = 0;
  buffer->capacity = 0;
}

void aplc_buffer_free(aplc_buffer *buffer) {
  free(buffer->data);
  aplc_buffer_init(buffer);
}

/* Grows geometrically so that appending n bytes one at a time costs O(n). */
static void reserve(aplc_buffer *buffer, size_t extra) {
  size_t needed = buffer->length + extra + 1; /* + NUL */
  if (needed <= buffer->capacity) return;
  size_t capacity = buffer->capacity < 64 ? 64 : buffer->capacity;
  while (capacity < needed) capacity *= 2;
  buffer->data = aplc_realloc(buffer->data, capacity);
  buffer->capacity = capacity;
}

void aplc_buffer_append(aplc_buffer *buffer, const char *bytes, size_t count) {
  reserve(buffer, count);
  if (count > 0) memcpy(buffer->data + buffer->length, bytes, count);
  buffer->length += count;
  buffer->data[buffer->length] = '\0';
}

void aplc_buffer_append_str(aplc_buffer *buffer, const char *text) {
  aplc_buffer_append(buffer, text, strlen(text));
}

/* Writes the UTF-8 encoding of `cp` (U+FFFD for non-scalar values) to out; returns its length. */
static size_t encode_codepoint(char out[4], aplc_char cp) {
  if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) cp = 0xFFFD;
  if (cp < 0x80) {
    out[0] = (char)cp;
    return 1;
  }
  if (cp < 0x800) {
    out[0] = (char)(0xC0 | (cp >> 6));
    out[1] = (char)(0x80 | (cp & 0x3F));
    return 2;
  }
  if (cp < 0x10000) {
    out[0] = (char)(0xE0 | (cp >> 12));
    out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
    out[2] = (char)(0x80 | (cp & 0x3F));
    return 3;
  }
  out[0] = (char)(0xF0 | (cp >> 18));
  out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
  out[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
  out[3] = (char)(0x80 | (cp & 0x3F));
  return 4;
}

void aplc_buffer_append_codepoint(aplc_buffer *buffer, uint32_t codepoint) {
  char bytes[4];
  size_t length = encode_codepoint(bytes, codepoint);
  aplc_buffer_append(buffer, bytes, length);
}

char *aplc_utf8_encode(const aplc_char *codepoints, int64_t count, size_t *byte_length) {
  if (count < 0 || (uint64_t)count > (SIZE_MAX - 1) / 4) {
    aplc_errorf(APLC_LIMIT_ERROR, NULL, 0, 0, "cannot encode %lld characters", (long long)count);
  }
  char *out = aplc_malloc((size_t)count * 4 + 1); /* at most 4 bytes each, + NUL */
  size_t length = 0;
  for (int64_t i = 0; i < count; i++) length += encode_codepoint(out + length, codepoints[i]);
  out[length] = '\0';
  if (byte_length != NULL) *byte_length = length;
  return out;
}

/* Decodes one code point at bytes[0..available); returns its length, or 0 when malformed
 * (truncated, bad continuation, overlong, surrogate, beyond U+10FFFF). */
static size_t decode_codepoint(const unsigned char *bytes, size_t available, aplc_char *cp) {
  unsigned char lead = bytes[0];
  size_t length;
  aplc_char value;
  aplc_char minimum;
  if (lead < 0x80) {
    *cp = lead;
    return 1;
  } else if ((lead & 0xE0) == 0xC0) {
    length = 2, value = lead & 0x1F, minimum = 0x80;
  } else if ((lead & 0xF0) == 0xE0) {
    length = 3, value = lead & 0x0F, minimum = 0x800;
  } else if ((lead & 0xF8) == 0xF0) {
    length = 4, value = lead & 0x07, minimum = 0x10000;
  } else {
    return 0;
  }
  if (length > available) return 0;
  for (size_t i = 1; i < length; i++) {
    if ((bytes[i] & 0xC0) != 0x80) return 0;
    value = (value << 6) | (bytes[i] & 0x3F);
  }
  if (value < minimum || value > 0x10FFFF || (value >= 0xD800 && value <= 0xDFFF)) return 0;
  *cp = value;
  return length;
}

int aplc_utf8_decode(const char *bytes, size_t byte_count, aplc_char **codepoints, int64_t *count,
                     aplc_error_info *error) {
  /* Never more code points than bytes. */
  aplc_char *out = aplc_malloc_array((int64_t)byte_count, sizeof(aplc_char));
  int64_t n = 0;
  size_t position = 0;
  while (position < byte_count) {
    size_t length = decode_codepoint((const unsigned char *)bytes + position,
                                     byte_count - position, &out[n]);
    if (length == 0) {
      free(out);
      error->kind = APLC_DOMAIN_ERROR;
      snprintf(error->message, sizeof error->message, "invalid UTF-8 at byte %zu", position);
      return -1;
    }
    position += length;
    n++;
  }
  *codepoints = out;
  *count = n;
  return 0;
}
