// The system primitives: the random generator, ⍕ and file input through the C runtime.
#include "tail/interp/InterpSystem.h"

#include <cstdlib>
#include <memory>
#include <string>

#include "support/Diagnostics.h"

namespace aplc::tail::interp {

uint64_t Random::next() { return aplc_random_next(&state_); }

int64_t Random::roll(int64_t n) {
  if (n <= 0) raise(APLC_DOMAIN_ERROR, "roll of a non-positive number " + std::to_string(n));
  return aplc_random_roll(&state_, n);
}

double Random::rollDouble() { return aplc_random_double(&state_); }

Array Random::deal(int64_t k, int64_t n) {
  if (k < 0 || k > n)
    raise(APLC_DOMAIN_ERROR, "deal of " + std::to_string(k) + " distinct numbers from 1.." + std::to_string(n));
  Array r = Array::make(ElemKind::Int, {k});
  std::vector<int64_t> values(static_cast<size_t>(k));
  if (aplc_random_deal(&state_, k, n, values.data()) != 0) raise(APLC_LIMIT_ERROR, "out of memory in deal");
  for (int64_t i = 0; i < k; ++i) r.set(i, Scalar::ofInt(values[static_cast<size_t>(i)]));
  return r;
}

Array formatValue(const Array& a, aplc_style style) {
  if (a.rank() >= 2)
    raise(APLC_RANK_ERROR, "format of a rank-" + std::to_string(a.rank()) + " array (TAIL's format gives a vector)");
  aplc_array_view view = a.view();
  aplc_formatted f;
  aplc_format(&view, style, &f);
  std::u32string text(f.data, f.data + f.length);
  aplc_formatted_free(&f);
  return Array::charVector(text);
}

Array formatArray(const Array& a, aplc_style style) {
  if (a.rank() == 0) raise(APLC_RANK_ERROR, "formatM of a scalar (its result keeps the rank)");
  aplc_array_view view = a.view();
  aplc_formatted f;
  aplc_format(&view, style, &f);
  std::vector<int64_t> shape(f.shape, f.shape + f.rank);
  Array r = Array::make(ElemKind::Char, shape);
  for (int64_t k = 0; k < f.length; ++k) r.set(k, Scalar::ofChar(f.data[k]));
  aplc_formatted_free(&f);
  return r;
}

namespace {

// The path as a NUL-terminated UTF-8 string.
std::string utf8Path(const Array& path) {
  std::vector<aplc_char> codes;
  for (int64_t k = 0; k < path.size(); ++k) codes.push_back(static_cast<aplc_char>(path.get(k).i));
  size_t length = 0;
  char* bytes = aplc_utf8_encode(codes.data(), static_cast<int64_t>(codes.size()), &length);
  std::string text(bytes, length);
  std::free(bytes);
  return text;
}

// Runs one of the runtime's readers and copies its malloc'd vector into an Array.
template <typename T, typename Reader>
Array readVector(const Array& path, ElemKind kind, Reader reader) {
  std::string name = utf8Path(path);
  T* values = nullptr;
  int64_t count = 0;
  aplc_error_info error;
  if (reader(name.c_str(), &values, &count, &error) != 0) raise(error.kind, error.message);
  std::unique_ptr<T, decltype(&std::free)> owned(values, &std::free);
  Array r = Array::make(kind, {count});
  for (int64_t k = 0; k < count; ++k) {
    if constexpr (std::is_same_v<T, aplc_double>)
      r.set(k, Scalar::ofDouble(values[k]));
    else if constexpr (std::is_same_v<T, aplc_char>)
      r.set(k, Scalar::ofChar(values[k]));
    else
      r.set(k, Scalar::ofInt(values[k]));
  }
  return r;
}

}  // namespace

Array readFile(const Array& path) { return readVector<aplc_char>(path, ElemKind::Char, aplc_read_file); }
Array readIntVecFile(const Array& path) { return readVector<aplc_int>(path, ElemKind::Int, aplc_read_int_vec_file); }
Array readDoubleVecFile(const Array& path) {
  return readVector<aplc_double>(path, ElemKind::Double, aplc_read_double_vec_file);
}

int64_t nowMs() { return aplc_elapsed_ms(); }

}  // namespace aplc::tail::interp
