/* number_format.c: one number → its number text (see runtime_internal.h), in both styles.
 *
 * APL style (Dyalog, ⎕PP=10 unless aplc_set_print_precision changes it): integers in full; a
 * double is rounded to ⎕PP significant digits, trailing zeros dropped, and written in fixed form
 * when its decimal exponent e (after rounding) satisfies -6 ≤ e < ⎕PP, else in scaled form
 * `1.5E-7` (Dyalog switches to scaled form for numbers that need more than ⎕PP digits before the
 * point or more than five zeros after it). -0 prints 0.
 *
 * TAIL style (apltail): integers in full; a double as C's %.12g, an exponent rewritten as
 * `E` + sign + digits without leading zeros (`1E20`, `1.5E-7`), and `.0` appended to a text with
 * neither `.` nor an exponent (`2.0`); infinity is HUGE_VAL, NaN is nan.
 */
#include "runtime_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

size_t format_int_text(char *out, int64_t value) {
  /* Via unsigned arithmetic so that INT64_MIN does not overflow when negated. */
  uint64_t magnitude = value < 0 ? 0 - (uint64_t)value : (uint64_t)value;
  char reversed[24];
  size_t digits = 0;
  do {
    reversed[digits++] = (char)('0' + magnitude % 10);
    magnitude /= 10;
  } while (magnitude != 0);
  size_t length = 0;
  if (value < 0) out[length++] = '-';
  while (digits > 0) out[length++] = reversed[--digits];
  out[length] = '\0';
  return length;
}

/* The significant digits of |value| rounded to `precision` digits, trailing zeros removed, and
 * the decimal exponent of the first digit. value must be finite and non-zero. */
static size_t significant_digits(double value, int precision, char *digits, int *exponent) {
  char scientific[NUMBER_TEXT_CAPACITY];
  snprintf(scientific, sizeof scientific, "%.*e", precision - 1, fabs(value));
  /* scientific is d.ddddddddde±XX (or de±XX when precision is 1) */
  size_t count = 0;
  const char *p = scientific;
  for (; *p != 'e'; p++) {
    if (*p != '.') digits[count++] = *p;
  }
  *exponent = (int)strtol(p + 1, NULL, 10);
  while (count > 1 && digits[count - 1] == '0') count--;
  digits[count] = '\0';
  return count;
}

static size_t append_exponent(char *out, size_t length, int exponent) {
  out[length++] = 'E';
  return length + format_int_text(out + length, exponent);
}

/* The fixed form of digits × 10^(exponent - count + 1), for -6 ≤ exponent < ⎕PP. */
static size_t write_fixed(char *out, size_t length, const char *digits, size_t count,
                          int exponent) {
  if (exponent < 0) { /* 0.000ddd */
    out[length++] = '0';
    out[length++] = '.';
    for (int zeros = -exponent - 1; zeros > 0; zeros--) out[length++] = '0';
    for (size_t i = 0; i < count; i++) out[length++] = digits[i];
    return length;
  }
  size_t integer_digits = (size_t)exponent + 1; /* padded with zeros: 1E9 is 1000000000 */
  for (size_t i = 0; i < integer_digits; i++) out[length++] = i < count ? digits[i] : '0';
  if (count > integer_digits) {
    out[length++] = '.';
    for (size_t i = integer_digits; i < count; i++) out[length++] = digits[i];
  }
  return length;
}

/* The scaled form d.dddEx (no point when there is one digit). */
static size_t write_scaled(char *out, size_t length, const char *digits, size_t count,
                           int exponent) {
  out[length++] = digits[0];
  if (count > 1) {
    out[length++] = '.';
    for (size_t i = 1; i < count; i++) out[length++] = digits[i];
  }
  return append_exponent(out, length, exponent);
}

/* ⎕PP: thread-local, so that a format in one thread never sees another's setting. */
static _Thread_local int print_precision = APLC_PRINT_PRECISION;

int64_t aplc_set_print_precision(int64_t precision) {
  int64_t previous = print_precision;
  print_precision = precision < 1 ? 1 : precision > 17 ? 17 : (int)precision;
  return previous;
}

size_t format_double_apl_text(char *out, double value, bool force_scaled) {
  size_t length = 0;
  if (isnan(value)) {
    length = 3;
    memcpy(out, "NaN", length);
  } else if (value == 0) { /* also -0: APL has no negative zero */
    out[length++] = '0';
    if (force_scaled) length = append_exponent(out, length, 0);
  } else {
    if (value < 0) out[length++] = '-';
    if (isinf(value)) {
      out[length++] = 'I';
    } else {
      char digits[NUMBER_TEXT_CAPACITY];
      int exponent;
      size_t count = significant_digits(value, print_precision, digits, &exponent);
      bool fixed = !force_scaled && exponent >= -6 && exponent < print_precision;
      length = fixed ? write_fixed(out, length, digits, count, exponent)
                     : write_scaled(out, length, digits, count, exponent);
    }
  }
  out[length] = '\0';
  return length;
}

size_t format_double_tail_text(char *out, double value) {
  if (isnan(value)) {
    memcpy(out, "nan", 4);
    return 3;
  }
  if (isinf(value)) {
    const char *text = value > 0 ? "HUGE_VAL" : "-HUGE_VAL";
    memcpy(out, text, strlen(text) + 1);
    return strlen(text);
  }
  char general[NUMBER_TEXT_CAPACITY];
  snprintf(general, sizeof general, "%.12g", value);
  char *e = strchr(general, 'e');
  size_t length;
  if (e != NULL) {
    length = (size_t)(e - general);
    memcpy(out, general, length);
    length = append_exponent(out, length, (int)strtol(e + 1, NULL, 10));
  } else {
    length = strlen(general);
    memcpy(out, general, length);
    if (strchr(general, '.') == NULL) {
      out[length++] = '.';
      out[length++] = '0';
    }
  }
  out[length] = '\0';
  return length;
}

/* Both parts in the style's double format, joined by `j` (TAIL) or `J` (APL, which leaves out a
 * zero imaginary part, as Dyalog displays 2J0 as 2). Scaled form is never forced on complex
 * numbers: the layouts align them as whole texts. */
size_t format_complex_text(char *out, aplc_complex value, aplc_style style) {
  size_t length;
  if (style == APLC_STYLE_TAIL) {
    length = format_double_tail_text(out, value.re);
    out[length++] = 'j';
    return length + format_double_tail_text(out + length, value.im);
  }
  length = format_double_apl_text(out, value.re, false);
  if (value.im == 0) return length;
  out[length++] = 'J';
  return length + format_double_apl_text(out + length, value.im, false);
}

size_t format_number_text(char *out, const aplc_array_view *value, int64_t offset,
                          aplc_style style, bool force_scaled) {
  switch (value->type) {
    case APLC_INT: {
      int64_t number = ((const aplc_int *)value->data)[offset];
      if (force_scaled) return format_double_apl_text(out, (double)number, true);
      return format_int_text(out, number);
    }
    case APLC_DOUBLE: {
      double number = ((const aplc_double *)value->data)[offset];
      if (style == APLC_STYLE_TAIL) return format_double_tail_text(out, number);
      return format_double_apl_text(out, number, force_scaled);
    }
    case APLC_BOOL:
      out[0] = ((const aplc_bool *)value->data)[offset] ? '1' : '0';
      out[1] = '\0';
      return 1;
    case APLC_COMPLEX:
      return format_complex_text(out, ((const aplc_complex *)value->data)[offset], style);
    case APLC_CHAR: break;
  }
  out[0] = '\0'; /* characters are not numbers: layouts never ask */
  return 0;
}

/* The public versions spell the text the way the style prints it (¯ is two bytes in UTF-8). */
static size_t spell(char *out, const char *text, size_t length, aplc_style style) {
  aplc_buffer buffer;
  aplc_buffer_init(&buffer);
  text_sink sink = {&buffer, NULL, 0, 0};
  sink_put_number(&sink, text, length, style);
  size_t bytes = buffer.length < APLC_NUMBER_TEXT_MAX ? buffer.length : APLC_NUMBER_TEXT_MAX - 1;
  memcpy(out, buffer.data, bytes);
  out[bytes] = '\0';
  aplc_buffer_free(&buffer);
  return bytes;
}

size_t aplc_format_int(char *out, int64_t value, aplc_style style) {
  char text[NUMBER_TEXT_CAPACITY];
  return spell(out, text, format_int_text(text, value), style);
}

size_t aplc_format_double(char *out, double value, aplc_style style) {
  char text[NUMBER_TEXT_CAPACITY];
  size_t length = style == APLC_STYLE_TAIL ? format_double_tail_text(text, value)
                                           : format_double_apl_text(text, value, false);
  return spell(out, text, length, style);
}

size_t aplc_format_complex(char *out, aplc_complex value, aplc_style style) {
  char text[NUMBER_TEXT_CAPACITY];
  return spell(out, text, format_complex_text(text, value, style), style);
}
