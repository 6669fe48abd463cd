// Passes: the Laila passes that run after the lowering, by name, and the runner that applies a
// target's list of them (laila/lower/Target.h; the lists are the driver's, driver/Targets.cpp).
#pragma once

#include <string_view>
#include <vector>

#include "laila/ir/IR.h"

namespace aplc::laila {

struct Pass {
  const char* name;
  const char* purpose;  // one line: what it is for (docs, `aplc -v`)
  Program (*run)(const Program&);
};

// The passes every CPU target runs, in order: the sequential C target's list (the default), less
// the memory passes of backend/memory/MemoryPasses.h, which the driver's lists add.
const std::vector<Pass>& allPasses();
// Passes only some targets add or use in place of one (driver/Targets.cpp): outlineParallelLoops
// (OpenMP), fuseLoops (OpenMP and OpenCL, for the C target's fuseLoopsInOrder), …
const std::vector<Pass>& targetSpecificPasses();

// The pass of that name (in either list), or nullptr.
const Pass* findPass(std::string_view name);

// Runs the passes in order and verifies the result (frees required): a pass that breaks the
// program is an internal error. With APLC_VERIFY_EACH_PASS=1 in the environment (the tests set
// it) each pass's output is verified, so the error names the pass; by default only the last
// output is, since 15 verifications were a tenth of aplc's time on large programs.
Program runPasses(Program program, const std::vector<const Pass*>& passes);

}  // namespace aplc::laila
