// SplitReductions: a parallel loop of few iterations, each of which is a long reduction exact in
// any order, runs as a loop over the reduction's blocks too (GPU targets).
//
// The OpenCL target makes each outermost parallel loop a kernel whose work items are its
// iterations. k-means' sums of the points per centre are 8 × 34 work items, each adding 10⁵
// products in a loop of its own: too few items for a GPU, and on a CPU device 3 times slower than
// OpenMP's rows (k-means on POCL: 0.4 s of its 1 s). Split, each work item adds one block of 1024
// terms (0.55 → 0.26 s under load), and a second loop adds each iteration's blocks:
//   parallel for p in a..b { pre; int acc = init; for i in lo..hi { body; acc = acc ⊕ v }; post }
// becomes (E = b-a iterations, B = ⌈(hi-lo)/1024⌉ blocks)
//   [int] partials = alloc int[E·B]
//   parallel for pb in 0..E·B { p = a + pb%E; pre; acc = neutral;
//                               for i in lo+1024·(pb/E) .. min(hi, …+1024) { body; acc = acc ⊕ v }
//                               partials[pb] = acc }
//   parallel for p in a..b { pre; int acc = init; for k in 0..B { acc = acc ⊕ partials[k·E + p-a] }; post }
//   free partials
// Block-major: adjacent work items are adjacent iterations of the same block, which read adjacent
// columns of the same rows (k-means' points; iteration-major, each work item walked rows of its
// own, and the kernel took 2 s instead of 0.26 s on POCL).
// Only where the order cannot change the result: ⊕ is + ⌈ ⌊ on integers (whose overflow the
// lowering has already ruled out, or the loop would check it) or ∧ ∨ on booleans. Only where
// nothing in the parallel loop checks (its errors' order would change), where the statements
// before the reduction only declare (they run in both loops) and the reduction's body only
// declares; with at most kFewIterations iterations and a reduction of at least kLongReduction
// terms, both known at compile time.
//
// Pre: a well-formed program with unique names. Post: the same computation, well formed.
#pragma once

#include <cstdint>

#include "laila/ir/IR.h"

namespace aplc::laila {

Program splitReductions(const Program& program);

}  // namespace aplc::laila
