// Structural equality and a total order on Laila expressions (for the simplifier's canonical
// forms, and for tests). Doubles compare by bit pattern, so -0.0 ≠ 0.0 and NaN = NaN.
#pragma once

#include "laila/ir/IR.h"

namespace aplc::laila {

// < 0, 0, > 0 like strcmp. Undefined handles sort first.
int compare(const Expr& a, const Expr& b);
inline bool equal(const Expr& a, const Expr& b) { return compare(a, b) == 0; }

struct ExprLess {
  bool operator()(const Expr& a, const Expr& b) const { return compare(a, b) < 0; }
};

}  // namespace aplc::laila
