// ColdBranches: a check's cold branch (Lowerer::check: `if (!ok) { validation loops; error }`
// before `check ok`) runs only on the way to an error, but it is a loop nest inside the code of
// the loop around it, and many of them measurably slow a hot loop (life's neighbour sums, one
// per addition). Once the range passes have removed the checks they prove (and their
// branches), this pass keeps the first cold branch of every loop body (a While or a For, not
// counting those of the loops inside it) and drops the others: their checks raise their own
// errors (docs/semantics.md lists this gap). Cold branches outside loops are all kept, and so
// are those in validation loops (over a variable named kValidationLoopBase: an unread let's
// elements computed only for their checks, before a statement that may fail), which are there
// for the order of the errors alone.
//
// A cold branch is an if without else whose then-case holds only loops over a variable named
// kColdLoopBase (laila/ir/LoopRoles.h) and checks.
//
// Pre: a well-formed program. Post: the same program less the dropped branches.
#pragma once

#include "laila/ir/IR.h"

namespace aplc::laila {

Program capColdBranches(const Program& program);

// Whether `s` is a check's cold branch (above).
bool isColdBranch(const Stmt& s);

}  // namespace aplc::laila
