// Optimiser pass 3: dead-binding elimination.
//
// Pre:  a type-correct program with unique binders (OptUniqueNames.h).
// Post: every `let x = v in e` where x does not occur in e (after the lets inside e have been
//       cleaned, so chains of dead bindings go in one run) and v cannot fail (cannotFail: no
//       effect, no possible run-time error) is replaced by e. Bindings of effectful values
//       (print, readFile, roll, now, ...) and of values that might raise an error stay: dropping
//       them would change what the program prints or whether it fails.
#pragma once

#include "tail/ir/Exp.h"

namespace aplc::tail {

Exp removeDeadBindings(const Exp& program);

}  // namespace aplc::tail
