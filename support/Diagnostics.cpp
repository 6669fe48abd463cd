#include "support/Diagnostics.h"

#include "support/Utf8.h"

namespace aplc {

namespace {

// Very long lines (a 1 MB line of garbage, say) are cut around the column so the report stays
// readable; the caret still points at the right character of what is shown.
constexpr size_t kContextChars = 100;

struct Excerpt {
  std::string text;
  size_t caretCol;  // 0-based, in characters within `text`
};

Excerpt excerptAround(std::string_view line, size_t col0) {
  std::string out;
  size_t index = 0;
  size_t first = col0 > kContextChars ? col0 - kContextChars : 0;
  size_t last = col0 + kContextChars;
  bool cutFront = first > 0;
  if (cutFront) out += "...";
  size_t caret = 0;
  bool cutBack = false;
  for (size_t pos = 0; pos < line.size(); ++index) {
    utf8::Decoded d = utf8::decode(line, pos);
    pos += d.length;
    if (index < first) continue;
    if (index > last) { cutBack = true; break; }
    if (index == col0) caret = utf8::length(out);
    // Tabs would misalign the caret; show them as one space. Control characters likewise.
    char32_t cp = d.codepoint;
    if (cp < 0x20 || cp == 0x7F) cp = U' ';
    utf8::append(out, cp);
  }
  if (col0 >= index) caret = utf8::length(out) + (col0 - index);
  if (cutBack) out += "...";
  return {out, caret};
}

}  // namespace

std::string render(const SourceManager& sources, const Diagnostic& d) {
  return sources.describe(d.loc) + ": error: " + d.message + "\n" + sourceExcerpt(sources, d.loc);
}

std::string sourceExcerpt(const SourceManager& sources, const SourceLoc& loc) {
  if (!loc.known() || loc.file >= sources.count()) return "";
  std::string_view line = sources.line(loc.file, loc.line);
  Excerpt e = excerptAround(line, loc.col > 0 ? loc.col - 1 : 0);
  return "    " + e.text + "\n" + "    " + std::string(e.caretCol, ' ') + "^\n";
}

void internalError(const char* file, int line, const std::string& what) {
  throw InternalError(std::string(file) + ":" + std::to_string(line) + ": " + what);
}

}  // namespace aplc
