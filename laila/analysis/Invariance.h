// Invariance: whether a loop can change an expression's value, for the passes that move or cut
// loops (SplitLoops, HoistAllocations), and what a statement changes.
#pragma once

#include <set>

#include "laila/ir/IR.h"

namespace aplc::laila {

// Whether e has the same value in every iteration of a loop whose body declares or assigns the
// variables in `changed` (the loop variable among them): it reads none of them and no memory.
bool invariant(const Expr& e, const std::set<Name>& changed);

// What a statement can change: the variables it declares (declarations, allocations, loop
// variables), those it assigns (scalars, memory moved into, inout arguments), and the memory it
// moves (both sides of an Assign of memory, memory passed inout), through which two names can
// come to denote one block.
struct Changes {
  std::set<Name> declared, assigned, moved;
  std::set<Name> declaredOrAssigned() const;
};
Changes changesIn(const Stmt& s);

// The memory a statement may write: stored to, filled, moved into, or passed to a call
// of the runtime or of the program's functions (conservatively, whatever the call does with it).
std::set<Name> memoryWrittenIn(const Stmt& s);

}  // namespace aplc::laila
