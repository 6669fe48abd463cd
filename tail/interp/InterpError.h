// The runtime error of the TAIL reference interpreter: an APL error (DOMAIN, INDEX, LENGTH,
// RANK, LIMIT, FILE) at the source location of the primitive that failed.
//
// It renders exactly as a generated program reports the same error (through the C runtime's
// aplc_format_error): `file:line:col: LENGTH ERROR: detail`. The driver prints it on stderr and
// exits with status 1. An error raised where no location is at hand (e.g. a LIMIT ERROR while
// allocating) has an unknown location; the interpreter fills in the location of the primitive
// being applied before the error leaves it.
#pragma once

#include <stdexcept>
#include <string>

#include "aplc_runtime.h"
#include "support/Source.h"

namespace aplc::tail {

class RuntimeError : public std::runtime_error {
 public:
  RuntimeError(aplc_error_kind kind, std::string detail, SourceLoc loc = {})
      : std::runtime_error(std::string(aplc_error_name(kind)) + ": " + detail),
        kind(kind),
        detail(std::move(detail)),
        loc(loc) {}

  aplc_error_kind kind;
  std::string detail;
  SourceLoc loc;  // unknown (line 0) until the interpreter attaches the primitive's location

  // `file:line:col: KIND ERROR: detail\n`, as the C runtime prints it.
  std::string render(const SourceManager& sources) const {
    aplc_buffer out;
    aplc_buffer_init(&out);
    const char* file = loc.known() && loc.file < sources.count() ? sources.name(loc.file).c_str() : nullptr;
    aplc_format_error(&out, kind, file, static_cast<int>(loc.line), static_cast<int>(loc.col), detail.c_str());
    std::string text = out.data ? std::string(out.data, out.length) : std::string();
    aplc_buffer_free(&out);
    return text;
  }
};

[[noreturn]] inline void raise(aplc_error_kind kind, const std::string& detail) { throw RuntimeError(kind, detail); }

}  // namespace aplc::tail
