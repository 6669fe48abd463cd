// Optimiser pass 4: inlining of bindings used once.
//
// Pre:  a type-correct program with unique binders (OptUniqueNames.h).
// Post: `let x = v in e` is replaced by e[v/x] when x occurs exactly once in e, not inside a
//       lambda of e (that would evaluate v once per call: duplicated work), v has no effect, and
//       either v cannot fail or nothing that can fail or has an effect is evaluated in e before
//       the use of x (so errors and effects keep their order), and v is of one of two kinds:
//   - a small scalar expression (at most 32 nodes of scalar primitives over variables and
//     constants, so that inlining along a chain of lets cannot build one huge expression; e.g. the lets that
//     map fusion leaves inside lambdas: `let t = i2d(x) in addd(0.01,t)` → `addd(0.01,i2d(x))`);
//   - a map (each/eachV/zipWith/zipWithV) whose single use is an array argument of another map
//     that map fusion (OptFusion.h) will combine it with (canFuseMaps).
// Other bindings used once are kept: a let names an array that the lowering materialises or
// fuses as it sees fit, and the thesis's Figure 3.7 keeps them.
#pragma once

#include "tail/ir/Exp.h"

namespace aplc::tail {

Exp inlineSingleUse(const Exp& program);

}  // namespace aplc::tail
