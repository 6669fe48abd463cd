// Optimiser pass 1: constant folding.
//
// Pre:  a type-correct program with unique binders (OptUniqueNames.h) whose primitive
//       applications carry their instance types (annotateTypes).
// Post: an equivalent program in which, bottom-up,
//   - scalar primitives on literal constants are replaced by their value: integer arithmetic
//     only when it cannot overflow, never a division by zero or another operation that would
//     raise a run-time error (the program then still reports it when it runs), doubles only for
//     the exactly rounded IEEE operations (+ - × ÷ min max neg abs and conversions; not the
//     transcendental functions, whose results may differ between libraries);
//   - shape-vector primitives (shapeV, firstV, catV, consV, snocV, takeV, dropV, rotateV,
//     reverseV, transpV, b2iV, and shape/reverse/rotate/transp/take/drop/cat/cons/snoc on
//     vectors) applied to statically known vectors (literals of constants; iotaV(n) or iota(n)
//     of a constant n) are replaced by the literal result, when it has at most kMaxFoldedVector
//     elements;
//   - `shape(x)` of an x whose type fixes its shape (<κ>n, SV, S, a scalar) is the literal shape;
//   - any expression that cannot fail and has no effect, whose type is a singleton S(int,n),
//     S(bool,b) or SV(int,n) with a constant n, is replaced by the literal (its value is known
//     from its type: `firstV(shapeV(v))` for v:<int>3 is 3).
//   - a variable bound by a let whose value folded to a scalar literal is replaced by that
//     literal in the let's body (the binding stays for dead-binding elimination), so that a
//     chain of such lets folds in one pass.
// iotaV(n) itself is kept: it is as short as a literal and does not grow with n.
// Types: a folded expression's type is the same or a subtype (a literal's singleton type).
#pragma once

#include "tail/ir/Exp.h"

namespace aplc::tail {

Exp foldConstants(const Exp& program);

}  // namespace aplc::tail
