// MemoryPasses: the memory-planning passes that work on LMADs (backend/memory), by name, beside
// Laila's own (laila/passes/Passes.h). They live here because they use Lmad, which builds on
// Laila; the driver's target lists name passes from both (driver/Targets.cpp). Also here: the
// CPU targets' choice of memory spaces (placePrivateArrays, laila/analysis/PrivateMemory.h),
// which only those targets' lists name.
#pragma once

#include <string_view>

#include "laila/passes/Passes.h"

namespace aplc::memory {

// The pass of that name, or nullptr.
const laila::Pass* findMemoryPass(std::string_view name);

}  // namespace aplc::memory
