// Optimiser pass 0: make every binder's name unique.
//
// Pre:  a type-correct TAIL program (shadowing allowed: `let x = .. in let x = .. in x`).
// Post: the same program in which no two binders (let or fn) share a name and no binder shadows
//       another, so the later passes may substitute without capture checks. A binder keeps its
//       name unless that name was already bound earlier in the program (in textual order); a
//       renamed one gets a fresh tag above every tag of the program (`x` becomes `x_12`).
#pragma once

#include "tail/ir/Exp.h"

namespace aplc::tail {

Exp makeNamesUnique(const Exp& program);

}  // namespace aplc::tail
