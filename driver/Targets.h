// The targets aplc compiles for, as data (Futhark's Passes.hs is the model): for each, what the
// lowering is asked to do differently and the Laila passes that run after it, in order.
// `aplc -v` and `--emit=laila` print the list of the target being compiled for.
#pragma once

#include <string>

#include "driver/Options.h"
#include "laila/lower/Target.h"

namespace aplc::driver {

const char* targetName(TargetKind kind);  // "c", "omp", "opencl"

// The lowering's target description of `kind`, its passes resolved by name (an unknown name
// is an internal error). `naiveMemory` (--alloc=naive) leaves out the memory-planning passes,
// for comparison: every array keeps a block of its own until its scope ends.
laila::Target describeTarget(TargetKind kind, bool naiveMemory = false);

// "versionLoops, simplify, …": the target's passes, for -v and --emit=laila.
std::string passList(const laila::Target& target);

}  // namespace aplc::driver
