// Command-line options of `aplc`, parsed gcc-style: `aplc [options] FILE...`.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace aplc::driver {

// What to print instead of compiling: the output of one pipeline stage.
enum class Emit { None, Tokens, Ast, Tail, TailOpt, Laila, Mem, C, OpenCL };

// How values are printed (by --interp, and by compiled programs' ⎕← and ⍕):
// Apl is Dyalog's default display, Tail apltail's format (to compare with its test corpus).
enum class OutputFormat { Apl, Tail };

// The code generator's target (--target=); driver/Targets.h describes each.
enum class TargetKind { C, OpenMP, OpenCL };

struct Options {
  std::vector<std::string> inputs;  // read in order, after the prelude; "-" is standard input
  std::string output;               // -o FILE
  Emit emit = Emit::None;
  bool prelude = true;              // --no-prelude turns it off
  bool types = true;                // --no-types: print TAIL without binder types
  std::string preludePath;          // --prelude=FILE overrides the installed prelude
  bool interp = false;              // --interp: run the TAIL reference interpreter, print the value
  bool check = false;               // --check: run the interpreter and every compiled target, compare
  int checkTimeoutSeconds = 600;    // --check-timeout=N: the limit of each of --check's runs (0: none)
  OutputFormat format = OutputFormat::Apl;  // --format=apl|tail
  // Compilation (driver/Pipeline.cpp, "compile path").
  bool run = false;                 // --run: compile to a temporary executable, run it, delete it
  bool unsafe = false;              // --unsafe: generated programs omit APL's run-time checks
  bool sanitize = false;            // --sanitize: generated programs run under ASan and UBSan
  bool flatArrays = false;          // --arrays=flat: only flat index functions (default hybrid)
  bool naiveMemory = false;         // --alloc=naive: no memory-planning passes (default planned)
  TargetKind target = TargetKind::OpenMP;  // --target= (docs/openmp.md: why OpenMP is the default)
  std::string cOptLevel;            // -O0..-O3, passed to the C compiler; empty: -O3, or -O2 for
                                    // very large programs (driver/Pipeline.cpp, cOptimisationLevel)
  bool optimise = true;             // --no-opt: skip the TAIL optimiser (interpreted or compiled)
  bool verbose = false;             // -v: print each stage and the C compiler command on stderr
  std::string keepC;                // --keep-c FILE: also write the generated C to FILE
  std::vector<std::string> cflags;  // --cflags "...": extra flags for the C compiler
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
