// MemoryPasses: the passes of backend/memory by name (see MemoryPasses.h).
#include "backend/memory/MemoryPasses.h"

#include <vector>

#include "backend/memory/BlockReuse.h"
#include "backend/memory/CopyElision.h"
#include "backend/memory/Expansion.h"
#include "backend/memory/ShortCircuit.h"
#include "backend/memory/StateInPlace.h"
#include "laila/analysis/PrivateMemory.h"

namespace aplc::memory {

const laila::Pass* findMemoryPass(std::string_view name) {
  static const std::vector<laila::Pass> passes = {
      {"updateStateInPlace",
       "a loop's array state that each iteration copied, updated and swapped in is updated in its own block",
       updateStateInPlace},
      {"elideCopies", "a copy of an array nothing reads afterwards is a move of its block", elideCopies},
      {"shortCircuitCopies",
       "an array only copied whole into a segment of another (a catenation's operand) is built in that segment",
       shortCircuitCopies},
      {"reuseBlocks", "a freed block is given to the next allocation of the same type and count", reuseBlocks},
      {"expandAllocations",
       "OpenCL: an allocation in each iteration of a parallel loop is a part of one block the host allocates before it",
       expandAllocations},
      {"placePrivateArrays",
       "small constant allocations in loops, private to each iteration (CPU targets: arrays on the stack)",
       laila::placePrivateArrays},
  };
  for (const laila::Pass& p : passes)
    if (name == p.name) return &p;
  return nullptr;
}

}  // namespace aplc::memory
