/* view.c: array views: constructors and element addressing (contiguous or strided). */
#include "runtime_internal.h"

aplc_array_view aplc_view(aplc_base_type type, int32_t rank, const int64_t *shape,
                          const void *data) {
  aplc_array_view view = {type, rank, shape, data, NULL};
  return view;
}

aplc_array_view aplc_scalar_view(aplc_base_type type, const void *element) {
  return aplc_view(type, 0, NULL, element);
}

int64_t view_element_count(const aplc_array_view *value) {
  int64_t count = 1;
  for (int32_t axis = 0; axis < value->rank; axis++) count *= value->shape[axis];
  return count;
}

int64_t view_row_length(const aplc_array_view *value) {
  return value->rank == 0 ? 1 : value->shape[value->rank - 1];
}

int64_t view_row_count(const aplc_array_view *value) {
  int64_t rows = 1;
  for (int32_t axis = 0; axis + 1 < value->rank; axis++) rows *= value->shape[axis];
  return rows;
}

/* Decomposes the row-major position axis by axis, last axis first. */
int64_t view_offset(const aplc_array_view *value, int64_t linear) {
  if (value->strides == NULL) return linear;
  int64_t offset = 0;
  for (int32_t axis = value->rank - 1; axis >= 0; axis--) {
    int64_t extent = value->shape[axis];
    offset += (linear % extent) * value->strides[axis];
    linear /= extent;
  }
  return offset;
}

aplc_char view_char(const aplc_array_view *value, int64_t offset) {
  return ((const aplc_char *)value->data)[offset];
}
