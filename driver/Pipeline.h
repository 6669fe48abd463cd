// The compiler pipeline: every stage, in order, in one readable function per stage.
#pragma once

#include <iosfwd>

#include "driver/Options.h"

namespace aplc::driver {

// Runs the pipeline the options ask for. Returns the process exit status: 0 on success, 1 after
// reporting a user error on `err`, 2 after reporting an internal error.
int runPipeline(const Options& options, std::ostream& out, std::ostream& err);

}  // namespace aplc::driver
