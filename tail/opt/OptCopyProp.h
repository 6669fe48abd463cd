// Optimiser pass 2: copy and constant propagation.
//
// Pre:  a type-correct program with unique binders (OptUniqueNames.h).
// Post: every `let x:τ = v in e` whose value v is cheap to copy (a variable, a scalar constant, a
//       literal vector of at most kMaxCopiedVector constants, iotaV/iota of a small constant, a
//       primitive as a function value; see isCheapValue) is replaced by e[v/x]. Nothing else
//       changes. Cheap values have no effect and cannot fail, so no error or effect moves.
// Types: v's type is a subtype of τ, so each use of x receives a value of the same or a more
//       precise type; the program's type may become more precise (Optimise.h restores it).
#pragma once

#include "tail/ir/Exp.h"

namespace aplc::tail {

Exp propagateCopies(const Exp& program);

}  // namespace aplc::tail
