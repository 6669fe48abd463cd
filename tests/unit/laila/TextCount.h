// The Laila unit tests count constructs in printed programs (`parallel for`, `alloc`, `sqrt(`).
#pragma once

#include <cstddef>
#include <string>

namespace aplc_test {

// How many times `what` occurs in `text` (overlapping occurrences included).
inline size_t count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

}  // namespace aplc_test
