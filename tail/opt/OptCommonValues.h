// Optimiser pass (after copy propagation, which removes what it leaves): common values.
//
// Pre:  a type-correct program with unique binders (OptUniqueNames.h).
// Post: a `let y:τ = p(a…)` whose value is the value of an earlier `let x = p(a…)` in scope (the
//       same primitive, the same arguments, printed alike) becomes `let y:τ = x`, which copy
//       propagation then removes. Only primitives that loop over a whole array and materialize
//       (indexOf, gradeUp, gradeDown, reduce, scan, compress, replicate) are shared: recomputing
//       a map or a view is cheaper than keeping its result, and sharing it would stop the
//       single-use inlining and fusion that stream it.
//       `L⍳R` and `R∊L` both compute indexOf(L,R): one hash table is built, not two.
// Why it is sound: the primitives are pure and deterministic, so the second evaluation gives
//       what the first gave; the first dominates the second (it is on the let spine above it, or
//       around the lambda that holds it), so if it failed the program stopped there.
// Types: x's type is the value's, a subtype of τ.
#pragma once

#include "tail/ir/Exp.h"

namespace aplc::tail {

Exp shareCommonValues(const Exp& program);

}  // namespace aplc::tail
