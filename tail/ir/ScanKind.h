// How reductions and scans of the primitives are computed: tail/interp/Interp.cpp and laila/lower/LowerFold.cpp
// both follow it.
#pragma once

#include "tail/ir/Prim.h"

namespace aplc::tail {

// How the interpreter and the lowering compute a scan of this dyadic primitive in linear time
// (docs/semantics.md, "scan"): a running prefix (primScansAsPrefix); subi/subd as the alternating
// sum x1 - x2 + x3 - …; divd as the alternating product x1 ÷ x2 × x3 ÷ … with the right fold's
// zeros; a boolean function through the running composition of its maps t ↦ f(x, t). Anything
// else (Fold: other primitives, functions with arguments, lambdas) is the quadratic right fold
// of every prefix.
enum class ScanKind { Fold, Prefix, AlternatingSum, AlternatingProduct, Boolean };
ScanKind primScanKind(Prim p);

// Reductions of addd and muld fold in blocks (docs/semantics.md, "reduce"): along an axis of more
// than kReduceBlock items, each block of kReduceBlock consecutive items (the last one shorter) is
// the right fold of its items with the neutral element innermost, and the blocks' results are
// folded the same way: f(P1, f(P2, … f(Pk, z))). The blocks are independent, so parallel targets
// compute them at once with the same bits; an axis of at most kReduceBlock items is one block,
// whose fold is the plain right fold. Other primitives' reductions are exact in any order
// (integer sums, ⌈ ⌊, booleans) or not associative (- ÷): they keep the right fold.
constexpr int64_t kReduceBlock = 1024;
bool primReducesInBlocks(Prim p);

// Primitives whose folds give the same bits however they are grouped: ⌈ ⌊ (on ties both keep
// the first operand, aplc_maxd), the bitwise ones and the associative boolean ones. The
// compiled code reduces them in blocks too, and parallel targets scan them in blocks
// (laila/lower/LowerFold.cpp); the interpreter keeps the plain folds, which give the same results.
// Integer + is exact as well, but only with its overflow rule (Lowerer::exactSum), so it is not here.
bool primIsExactInAnyOrder(Prim p);

}  // namespace aplc::tail
