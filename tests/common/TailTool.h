// TailTool: what the .tail test tools (tests/tail/tailcheck, tests/opt/tailopt) share: the
// `-- key: value` header lines of a test program, failure messages, and the command-line frame
// that reads the file and turns errors into exit statuses.
#pragma once

#include <functional>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "support/Diagnostics.h"
#include "support/Source.h"

namespace aplc::tailtool {

// The texts after `-- key:` on every line that has it, in order, trimmed.
inline std::vector<std::string> headers(const std::string& text, const std::string& key) {
  std::vector<std::string> values;
  std::istringstream in(text);
  std::string line, prefix = "-- " + key + ":";
  while (std::getline(in, line)) {
    if (line.rfind(prefix, 0) != 0) continue;
    std::string v = line.substr(prefix.size());
    size_t a = v.find_first_not_of(' ');
    size_t b = v.find_last_not_of(' ');
    values.push_back(a == std::string::npos ? "" : v.substr(a, b - a + 1));
  }
  return values;
}

// The text after `-- key:` on the first line that has it, trimmed; empty if none.
inline std::string header(const std::string& text, const std::string& key, bool* found = nullptr) {
  std::vector<std::string> values = headers(text, key);
  if (found) *found = !values.empty();
  return values.empty() ? "" : values[0];
}

inline int fail(const std::string& file, const std::string& msg) {
  std::cerr << file << ": FAIL: " << msg << "\n";
  return 1;
}

// Reads `path` and runs body on it. An unreadable file or an internal error exits 2 with a
// message; a user error is rendered as the compiler renders it and exits 1.
inline int runOnFile(const char* path, const std::function<int(SourceManager&, uint32_t)>& body) {
  SourceManager sm;
  std::optional<uint32_t> file = sm.addFile(path);
  if (!file) {
    std::cerr << path << ": cannot read\n";
    return 2;
  }
  try {
    return body(sm, *file);
  } catch (const UserError& e) {
    std::cerr << render(sm, e.diagnostic());
    return 1;
  } catch (const InternalError& e) {
    std::cerr << path << ": internal error: " << e.what() << "\n";
    return 2;
  }
}

}  // namespace aplc::tailtool
