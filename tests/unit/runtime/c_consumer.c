/* c_consumer.c: uses the runtime from plain C, the way generated programs will: a static array
 * printed in both styles, ⍕ of a double, and the elapsed-time helper. ctest compares its output. */
#include "aplc_runtime.h"

#include <stdlib.h>

int main(void) {
  aplc_runtime_init();
  static const int64_t shape[2] = {2, 3};
  static const double data[6] = {1, -2.5, 3, 40, 5, 0.25};
  aplc_array_view matrix = aplc_view(APLC_DOUBLE, 2, shape, data);
  aplc_print(stdout, &matrix, APLC_STYLE_APL);
  aplc_print(stdout, &matrix, APLC_STYLE_TAIL);

  double value = 34.32;
  aplc_array_view scalar = aplc_scalar_view(APLC_DOUBLE, &value);
  aplc_formatted text;
  aplc_format(&scalar, APLC_STYLE_APL, &text);
  aplc_array_view chars = aplc_view(APLC_CHAR, text.rank, text.shape, text.data);
  aplc_print(stdout, &chars, APLC_STYLE_APL);
  aplc_formatted_free(&text);
  return aplc_elapsed_ms() >= 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
