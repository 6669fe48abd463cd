// Optimiser pass 5: fusion of element-wise maps (each, eachV, zipWith, zipWithV).
//
// Pre:  a type-correct program with unique binders (OptUniqueNames.h) whose primitive
//       applications carry their instance types (annotateTypes).
// Post: an equivalent program where a map applied directly to the result of another map is one
//       map of the composed function:
//         each(f, each(g, a))          → each(fn x:α => f(g(x)), a)           (eachV alike)
//         each(f, zipWith(g, a, b))    → zipWith(fn x:α => fn y:β => f(g(x)(y)), a, b)
//         zipWith(f, each(g, a), b)    → zipWith(fn x:α => fn y:β => f(g(x))(y), a, b)
//         zipWith(f, a, each(h, b))    → likewise for the second argument (or both at once)
//       (zipWithV with eachV alike). α and β are the element types of a and b, from the
//       instances. Applying a lambda substitutes a variable argument for its parameter and binds
//       any other argument with a let of the parameter's declared type (inlining then places
//       scalar ones in their use); a primitive is applied directly; a variable with App.
//       The new lambda parameters get fresh names (tags above every tag of the program).
// A fusion happens only when canFuseMaps (OptUtil.h) allows it: neither function has an effect,
// it cannot change which error is reported (not both functions can fail; a map fused into
// zipWith's argument cannot fail, as zipWith checks the lengths before applying its function),
// the functions are lambdas, primitives or variables (anything else would be re-evaluated per
// element) and together at most kMaxFusedFunctionSize nodes (long chains stay split).
// The fused maps carry instance types built from the originals, so fusion chains in one run.
#pragma once

#include "tail/ir/Exp.h"

namespace aplc::tail {

Exp fuseMaps(const Exp& program);

}  // namespace aplc::tail
