// How scans of the primitives are computed: tail/Interp.cpp and laila/LowerFold.cpp both follow it.
#pragma once

#include "tail/Prim.h"

namespace aplc::tail {

// How the interpreter and the lowering compute a scan of this dyadic primitive in linear time
// (docs/semantics.md, "scan"): a running prefix (primScansAsPrefix); subi/subd as the alternating
// sum x1 - x2 + x3 - …; divd as the alternating product x1 ÷ x2 × x3 ÷ … with the right fold's
// zeros; a boolean function through the running composition of its maps t ↦ f(x, t). Anything
// else (Fold: other primitives, functions with arguments, lambdas) is the quadratic right fold
// of every prefix.
enum class ScanKind { Fold, Prefix, AlternatingSum, AlternatingProduct, Boolean };
ScanKind primScanKind(Prim p);

}  // namespace aplc::tail
