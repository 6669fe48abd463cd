// VersionLoops: a loop version for the common case of singleton extension (loop unswitching).
//
// zipWith extends a one-element argument at run time (docs/semantics.md, singleton extension):
// the lowering reads each argument through a stride, 0 when it extends, else 1, decided once
// before any loop (laila/lower/LowerFold.cpp, Lowerer::conform) and held in a variable whose base name
// is kExtensionStride. Almost always every stride is 1. This pass gives a loop that reads such
// strides declared outside it two versions:
//
//     if (s1 == 1 && s2 == 1 && …) { the loop with every si replaced by 1 } else { the loop }
//
// so the simplifier removes the strides from the first version, which is then exactly the loop
// of arguments of equal shapes. Only the outermost loop that reads a stride is versioned
// (bounded by a limit on the statements copied); loops inside the fast version are versioned
// again for strides declared inside it, those inside the general version are left as they are.
//
// Pre: a well-formed program (laila::verify) with unique names. Post: the same computation, well
// formed with unique names (the fast copies' declarations get fresh tags); not yet simplified.
#pragma once

#include "laila/ir/IR.h"

namespace aplc::laila {

// The base name of the stride variables of singleton extension (never another variable's).
inline constexpr const char* kExtensionStride = "extstride";

Program versionLoops(const Program& program);

}  // namespace aplc::laila
