// Command-line options of `aplc`, parsed gcc-style: `aplc [options] FILE...`.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace aplc::driver {

// What to print instead of compiling: the output of one pipeline stage.
enum class Emit { None, Tokens, Ast, Tail };

// How programs print: APL session style (Dyalog's display) or apltail's (its corpus's format).
enum class Format { Apl, Tail };

struct Options {
  std::vector<std::string> inputs;  // read in order, after the prelude
  std::string output;               // -o FILE
  Emit emit = Emit::None;
  bool prelude = true;              // --no-prelude turns it off
  Format format = Format::Apl;      // --format=apl|tail
  bool types = true;                // --no-types: print TAIL without binder types
  std::string preludePath;          // --prelude=FILE overrides the installed prelude
  bool help = false;
  bool version = false;
};

struct OptionsResult {
  std::optional<Options> options;
  std::string error;  // set when options is empty
};

OptionsResult parseOptions(const std::vector<std::string>& args);

std::string usage();

}  // namespace aplc::driver
