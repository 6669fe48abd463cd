// Source files and locations, shared by every stage.
//
// A SourceLoc names a file by its index in a SourceManager, and a line and column, both 1-based.
// Columns count Unicode characters, not bytes: APL source is mostly multi-byte glyphs, and a caret
// under the right glyph is what makes a diagnostic readable.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace aplc {

struct SourceLoc {
  uint32_t file = 0;
  uint32_t line = 0;  // 0: no location (e.g. compiler-generated code)
  uint32_t col = 0;

  bool known() const { return line != 0; }
  friend bool operator==(const SourceLoc&, const SourceLoc&) = default;
};

class SourceManager {
 public:
  // Registers a file's text and returns its index for SourceLoc::file.
  uint32_t add(std::string name, std::string text);
  // Reads the file at `path` (bytes as they are) and registers it under that name; nullopt if it
  // cannot be read.
  std::optional<uint32_t> addFile(const std::string& path);

  const std::string& name(uint32_t file) const { return files_.at(file).name; }
  const std::string& text(uint32_t file) const { return files_.at(file).text; }
  size_t count() const { return files_.size(); }

  // The text of a 1-based line, without its line terminator; empty if out of range.
  std::string_view line(uint32_t file, uint32_t line) const;

  // "file:line:col"; "aplc" when the location is unknown (an error about the command itself).
  std::string describe(const SourceLoc& loc) const;

 private:
  struct File {
    std::string name;
    std::string text;
    std::vector<size_t> lineStarts;  // byte offset of each line's first byte
  };
  std::vector<File> files_;
};

}  // namespace aplc
