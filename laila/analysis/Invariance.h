// Invariance: whether a loop can change an expression's value, for the passes that move or cut
// loops (SplitLoops, HoistAllocations).
#pragma once

#include <set>

#include "laila/ir/IR.h"

namespace aplc::laila {

// Whether e has the same value in every iteration of a loop whose body declares or assigns the
// variables in `changed` (the loop variable among them): it reads none of them and no memory.
bool invariant(const Expr& e, const std::set<Name>& changed);

}  // namespace aplc::laila
