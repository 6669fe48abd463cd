#include "support/Source.h"

#include <fstream>
#include <sstream>

namespace aplc {

uint32_t SourceManager::add(std::string name, std::string text) {
  // A UTF-8 byte-order mark at the start (editors on Windows write one) is not part of the program.
  if (text.starts_with("\xEF\xBB\xBF")) text.erase(0, 3);
  File f{std::move(name), std::move(text), {0}};
  for (size_t i = 0; i < f.text.size(); ++i)
    if (f.text[i] == '\n') f.lineStarts.push_back(i + 1);
  files_.push_back(std::move(f));
  return static_cast<uint32_t>(files_.size() - 1);
}

std::optional<uint32_t> SourceManager::addFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  return add(path, text.str());
}

std::string_view SourceManager::line(uint32_t file, uint32_t line) const {
  if (file >= files_.size()) return {};
  const File& f = files_[file];
  if (line == 0 || line > f.lineStarts.size()) return {};
  size_t begin = f.lineStarts[line - 1];
  size_t end = line < f.lineStarts.size() ? f.lineStarts[line] - 1 : f.text.size();
  std::string_view text(f.text);
  std::string_view l = text.substr(begin, end - begin);
  if (!l.empty() && l.back() == '\r') l.remove_suffix(1);
  return l;
}

std::string SourceManager::describe(const SourceLoc& loc) const {
  // No location: the error is about the command (a missing file, a bad combination of
  // options), so it is the compiler's to report, not some file's.
  if (!loc.known()) return "aplc";
  std::string where = loc.file < files_.size() ? files_[loc.file].name : std::string("<unknown>");
  return where + ":" + std::to_string(loc.line) + ":" + std::to_string(loc.col);
}

}  // namespace aplc
