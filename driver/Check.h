// `aplc --check FILE...`: runs a program through the reference interpreter and through every
// compiled target, and says whether they agree: for users who want to know whether to trust a
// compiled result, and for engineers who want one command for what tests/fuzz/run.sh does to
// generated programs (docs/check.md).
#pragma once

#include <optional>
#include <ostream>
#include <string>

#include "driver/Options.h"

namespace aplc::driver {

// One run of the program: its exit status (128 + signal when killed) and what it printed.
struct ProgramRun {
  int status = 0;
  std::string out, err;
  int timedOutAfter = 0;  // seconds: the run was stopped at its time limit (status is then 137)
};

// How `run` differs from the interpreter's `reference` run, in words with both sides; nullopt
// when they agree. They agree when their exit statuses are equal, their standard outputs are
// equal byte for byte, and, when they fail, their first error reports are equal up to the
// error's kind (`p.apl:3:7: INDEX ERROR`): the detail after it may name values only the
// interpreter knows. An exit status above 1 (an internal error, a crash) never agrees.
std::optional<std::string> differenceFromReference(const ProgramRun& reference, const ProgramRun& run,
                                                   const std::string& runName);

// The error report of a failed run up to its kind, or its first line when it names no APL error.
std::string errorKind(const std::string& err);

// Runs the check (options.check): prints a line per path and a verdict to `out`. Exit status: 0
// when every compiled target that could run agrees with the interpreter, 1 when one differs or
// none could run, 2 when aplc itself failed.
int runCheck(const Options& options, std::ostream& out, std::ostream& err);

}  // namespace aplc::driver
