// FloorDivision: APL's `⌊a÷c` on integers, computed in integers.
//
// APL's ÷ gives a double, so `⌊⍵÷100` lowers to `d2i(floor(i2d(a) / 100.0))`: a conversion, a
// division, a call of floor (a libm call without SSE4.1) and a saturating conversion back, where
// C programmers write `a / 100`. This pass rewrites
//   d2i(floor(i2d(a) / c))  →  a div c        (c a positive integer constant)
//   d2i(floor(i2d(a) * k))  →  (a * p) div 2^q   (k = p / 2^q > 0, a dyadic constant: 0.75 = 3/4)
// with Laila's floor division `div`, when the ranges of a (laila/analysis/Intervals.h) make the double
// computation exact enough to give the same integer:
//   - for ÷c: |a| + c ≤ 2^52, so a÷c rounds to an integer only when it is one (its fraction is at
//     least 1/c, more than half a unit in the last place);
//   - for ×k: |a·p| ≤ 2^52, so the product is exact.
// The operands may be reached through variables declared once (the lowering binds each step).
// Then every integer `a div c` and `a mod c` with a ≥ 0 (by the ranges) and c a positive
// constant becomes `aplc_op_udiv(a, c)` / `aplc_op_umod(a, c)`: the unsigned operations, which
// the C compiler computes without the sign corrections of floor division (easter's year
// arithmetic: 0.25 s → about 0.19 s at 10⁷ years). The range analysis knows their ranges.
//
// Pre: a well-formed program (laila::verify). Post: the same program, computing the same values,
// with some double floor divisions done in integers (their double steps become dead code).
#pragma once

#include "laila/ir/IR.h"

namespace aplc::laila {

Program floorDivision(const Program& p);

}  // namespace aplc::laila
