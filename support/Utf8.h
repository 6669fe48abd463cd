// UTF-8 decoding and encoding. Invalid input never crashes: a malformed sequence decodes as
// one byte with `valid == false`, so callers can report it at its location.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace aplc::utf8 {

struct Decoded {
  char32_t codepoint;  // U+FFFD when invalid
  size_t length;       // bytes consumed, at least 1 when input is non-empty
  bool valid;
};

// Decodes the code point starting at text[pos]; pos must be < text.size().
Decoded decode(std::string_view text, size_t pos);

// Appends the UTF-8 encoding of `cp` (U+FFFD for values that are not scalar values).
void append(std::string& out, char32_t cp);
std::string encode(char32_t cp);

// Number of code points in `text`, counting each invalid byte as one.
size_t length(std::string_view text);

}  // namespace aplc::utf8
