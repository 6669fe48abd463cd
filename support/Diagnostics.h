// The two error channels of aplc (DESIGN.md, Conventions).
//
// UserError: the input is wrong (or outside the supported subset). It carries a location and a
// message; APL's error names (SYNTAX ERROR, VALUE ERROR, RANK ERROR, LENGTH ERROR, DOMAIN ERROR,
// INDEX ERROR) lead the message where they fit. The driver renders it and exits with status 1.
//
// InternalError: a bug in aplc, never the user's fault. The driver reports it as such and exits
// with status 2. Use APLC_INTERNAL_CHECK for invariants.
#pragma once

#include <stdexcept>
#include <string>

#include "support/Source.h"

namespace aplc {

struct Diagnostic {
  SourceLoc loc;
  std::string message;
};

class UserError : public std::runtime_error {
 public:
  UserError(SourceLoc loc, std::string message)
      : std::runtime_error(message), diagnostic_{loc, std::move(message)} {}
  const Diagnostic& diagnostic() const { return diagnostic_; }

 private:
  Diagnostic diagnostic_;
};

class InternalError : public std::logic_error {
 public:
  using std::logic_error::logic_error;
};

// Renders "file:line:col: error: message", then the source line and a caret under the column.
std::string render(const SourceManager& sources, const Diagnostic& d);

// The source line of `loc` and a caret under its column, each line indented by four spaces
// ("    text\n    ^\n"), as render prints them; empty when the location is unknown. Run-time
// errors (interpreted, and compiled through a table in the generated C) print the same.
std::string sourceExcerpt(const SourceManager& sources, const SourceLoc& loc);

[[noreturn]] void internalError(const char* file, int line, const std::string& what);

}  // namespace aplc

#define APLC_INTERNAL_CHECK(cond, what)                                    \
  do {                                                                      \
    if (!(cond)) ::aplc::internalError(__FILE__, __LINE__, (what));          \
  } while (0)
