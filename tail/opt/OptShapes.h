// Optimiser pass 6 (run early in each round, next to folding): simplification of shape
// arithmetic.
//
// Pre:  a type-correct program with unique binders (OptUniqueNames.h) whose primitive
//       applications carry their instance types (annotateTypes).
// Post: an equivalent program where
//   - `shape(a)` is replaced by a's shape when it is known: the first argument of the reshape
//     that made a (when that is a variable or a literal), or a literal computed through
//     let-bound variables, transp/transp2 with literal permutations, each/zipWith, reverse,
//     rotate, take/drop by constants, cat/cons/snoc, reduce, index by a constant axis. `shape(a)`
//     is only replaced when `a` is a variable or an expression that cannot fail (dropping its
//     evaluation must not drop an error or an effect);
//   - identities disappear: transp/reverse/rotate of a scalar, transp of a vector, transpV(v),
//     transp2 by the identity permutation, reshape(s, a) when a already has the literal shape s,
//     rotateV(0, v)/rotate(0, a)/vrotate(0, a), dropV(0, v), catV(v, []) and catV([], v).
// `firstV(shapeV(v))` for v:<κ>n with a constant n is left to constant folding (its type is
// S(int,n)).
#pragma once

#include "tail/ir/Exp.h"

namespace aplc::tail {

Exp simplifyShapes(const Exp& program);

}  // namespace aplc::tail
