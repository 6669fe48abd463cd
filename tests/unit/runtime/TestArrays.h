// Test helpers for the C runtime: owned arrays that hand out aplc_array_views, and check() that
// prints the input, the output and the expected text when a display differs.
#pragma once

#include "aplc_runtime.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace aplc_test {

struct Array {
  aplc_base_type type = APLC_INT;
  std::vector<int64_t> shape;
  std::vector<int64_t> ints;
  std::vector<double> doubles;
  std::vector<uint8_t> bools;
  std::vector<uint32_t> chars;
  std::vector<int64_t> strides;  // empty: contiguous

  // Throws (a test failure) when the data does not fill the shape, rather than read past it.
  aplc_array_view view() const {
    size_t count = 1;
    for (int64_t d : shape) count *= static_cast<size_t>(d);
    size_t size = type == APLC_INT      ? ints.size()
                  : type == APLC_DOUBLE ? doubles.size()
                  : type == APLC_BOOL   ? bools.size()
                                        : chars.size();
    if (size != count) throw std::logic_error("test array: data does not match its shape");
    const void* data = type == APLC_INT      ? static_cast<const void*>(ints.data())
                       : type == APLC_DOUBLE ? static_cast<const void*>(doubles.data())
                       : type == APLC_BOOL   ? static_cast<const void*>(bools.data())
                                             : static_cast<const void*>(chars.data());
    aplc_array_view v = aplc_view(type, static_cast<int32_t>(shape.size()),
                                  shape.empty() ? nullptr : shape.data(), data);
    v.strides = strides.empty() ? nullptr : strides.data();
    return v;
  }

  // A short description of the input for failure messages.
  std::string describe() const {
    static const char* const names[] = {"int", "double", "bool", "char"};
    std::string s = std::string(names[type]) + " array of shape [";
    for (size_t i = 0; i < shape.size(); i++) s += (i ? "," : "") + std::to_string(shape[i]);
    s += "]:";
    size_t n = type == APLC_INT ? ints.size()
               : type == APLC_DOUBLE ? doubles.size()
               : type == APLC_BOOL ? bools.size() : chars.size();
    for (size_t i = 0; i < n && i < 24; i++) {
      char buf[64];
      if (type == APLC_INT) snprintf(buf, sizeof buf, " %lld", static_cast<long long>(ints[i]));
      if (type == APLC_DOUBLE) snprintf(buf, sizeof buf, " %.17g", doubles[i]);
      if (type == APLC_BOOL) snprintf(buf, sizeof buf, " %d", bools[i]);
      if (type == APLC_CHAR) snprintf(buf, sizeof buf, " U+%04X", chars[i]);
      s += buf;
    }
    if (n > 24) s += " ...";
    return s;
  }
};

inline Array ints(std::vector<int64_t> shape, std::vector<int64_t> values) {
  Array a;
  a.type = APLC_INT;
  a.shape = std::move(shape);
  a.ints = std::move(values);
  return a;
}

inline Array doubles(std::vector<int64_t> shape, std::vector<double> values) {
  Array a;
  a.type = APLC_DOUBLE;
  a.shape = std::move(shape);
  a.doubles = std::move(values);
  return a;
}

inline Array bools(std::vector<int64_t> shape, std::vector<uint8_t> values) {
  Array a;
  a.type = APLC_BOOL;
  a.shape = std::move(shape);
  a.bools = std::move(values);
  return a;
}

inline Array chars(std::vector<int64_t> shape, std::u32string text) {
  Array a;
  a.type = APLC_CHAR;
  a.shape = std::move(shape);
  a.chars.assign(text.begin(), text.end());
  return a;
}

// 1 2 3 … n (APL's ⍳n) reshaped.
inline Array iota(std::vector<int64_t> shape, int64_t n) {
  std::vector<int64_t> values;
  int64_t count = 1;
  for (int64_t d : shape) count *= d;
  for (int64_t i = 0; i < count; i++) values.push_back(i % n + 1);
  return ints(std::move(shape), std::move(values));
}

inline std::string display(const Array& a, aplc_style style) {
  aplc_buffer buffer;
  aplc_buffer_init(&buffer);
  aplc_array_view v = a.view();
  aplc_display(&buffer, &v, style);
  std::string out = buffer.data ? std::string(buffer.data, buffer.length) : std::string();
  aplc_buffer_free(&buffer);
  return out;
}

inline void check(const Array& input, aplc_style style, const std::string& expected) {
  SCOPED_TRACE(input.describe());
  EXPECT_EQ(display(input, style), expected)
      << "style " << (style == APLC_STYLE_TAIL ? "tail" : "apl");
}

inline void checkApl(const Array& input, const std::string& expected) {
  check(input, APLC_STYLE_APL, expected);
}

inline void checkTail(const Array& input, const std::string& expected) {
  check(input, APLC_STYLE_TAIL, expected);
}

inline Array scalar(double d) { return doubles({}, {d}); }
inline Array scalarInt(int64_t i) { return ints({}, {i}); }

}  // namespace aplc_test
