// The system primitives: the random generator, ⍕ and file input through the C runtime.
#include "tail/InterpSystem.h"

#include <cstdlib>
#include <memory>
#include <string>

#include "support/Diagnostics.h"

namespace aplc::tail::interp {

uint64_t Random::next() {
  // SplitMix64, exactly as in the header comment.
  uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

int64_t Random::roll(int64_t n) {
  if (n <= 0) raise(APLC_DOMAIN_ERROR, "roll of a non-positive number " + std::to_string(n));
  auto range = static_cast<uint64_t>(n);
  // Draws at or above the largest multiple of n are rejected, so every result is equally likely.
  uint64_t limit = UINT64_MAX - UINT64_MAX % range;
  uint64_t draw;
  do draw = next();
  while (draw >= limit);
  return static_cast<int64_t>(draw % range) + 1;
}

double Random::rollDouble() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

Array Random::deal(int64_t k, int64_t n) {
  if (k < 0 || k > n)
    raise(APLC_DOMAIN_ERROR, "deal of " + std::to_string(k) + " distinct numbers from 1.." + std::to_string(n));
  Array r = Array::make(ElemKind::Int, {k});
  // A partial Fisher–Yates shuffle of 1..n that stores only the positions it has disturbed, so
  // 3?1e18 needs no memory for the unused range.
  std::unordered_map<int64_t, int64_t> moved;
  auto at = [&](int64_t i) {
    auto it = moved.find(i);
    return it == moved.end() ? i + 1 : it->second;
  };
  for (int64_t i = 0; i < k; ++i) {
    int64_t j = i + roll(n - i) - 1;
    int64_t picked = at(j);
    moved[j] = at(i);
    r.set(i, Scalar::ofInt(picked));
  }
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
