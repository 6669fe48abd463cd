// The TAIL optimiser: its passes, in order, in one pipeline function.
//
//   0. makeNamesUnique     (OptUniqueNames.h)  binders get unique names, once
//   then rounds of, until nothing changes (at most options.maxRounds):
//   1. foldConstants       (OptConstantFold.h) scalar and shape-vector constants, singleton types
//   2. simplifyShapes      (OptShapes.h)       shape(reshape(s,_)) = s, known shapes, identities
//   3. propagateCopies     (OptCopyProp.h)     let x = y / constant / short literal: substituted
//   4. shareCommonValues   (OptCommonValues.h) a second indexOf/grade/reduce/… of the same
//                                              arguments reads the first's variable
//   5. inlineSingleUse     (OptInline.h)       scalar lets and map producers used once
//   6. fuseMaps            (OptFusion.h)       each/zipWith of each/zipWith → one map
//   7. removeDeadBindings  (OptDeadBindings.h) unused lets that cannot fail
//   finally: the program's type is kept exactly (a result whose type became more precise, e.g.
//   a folded literal, is bound once more with the original type).
//
// Pre:  a type-correct TAIL program (as the elaborator or the .tail parser produce it).
// Post: an equivalent program (same value, same printed output, same errors) of the same type,
//       whose primitive applications carry their instance types.
// With options.checkTypes (debug and test builds) the type checker runs after every pass; a
// pass that breaks typing is reported as an InternalError naming the pass.
#pragma once

#include "tail/ir/Exp.h"

namespace aplc::tail {

struct OptimiseOptions {
  bool checkTypes = false;  // re-check the program after every pass (debug/test builds)
  int maxRounds = 8;        // rounds of passes 1-7; stops earlier when a round changes nothing
};

Exp optimise(const Exp& program, const OptimiseOptions& options = {});

// What test runners call: optimise with the type checker after every pass.
Exp optimiseForTest(const Exp& program);

}  // namespace aplc::tail
