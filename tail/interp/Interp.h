// The reference interpreter for TAIL: the semantics every other execution path must agree with
// (DESIGN.md). It implements the dynamic semantics of thesis §3.1.3 and §3.1.5 with the
// conventions and errata of tail/ir/Prims.def (one line of semantics per primitive there).
//
// Input: a closed, well-typed TAIL program (tail::checkProgram accepts it). The interpreter reads
// PrimApp/PrimFn `instance` types where present (tail::annotateTypes) only to know the element
// type of an `each`/`zipWith` result over an empty array; everything else it learns from the
// values. Output: the program's value.
//
// Evaluation is call by value, arguments left to right (the evaluation contexts of §3.1.3), with
// lexically scoped environments. Arrays are immutable values with shared storage: `update`
// returns a modified copy (copy on write), so the thesis's store (§3.1.5) is never observable;
// this is the "functional update" the table specifies.
//
// Errors: a runtime APL error (DOMAIN, INDEX, LENGTH, RANK, LIMIT for sizes beyond
// kMaxArrayElements or memory, FILE for input) is thrown as tail::RuntimeError located at the
// PrimApp (or PrimFn) that failed; render it with RuntimeError::render. A malformed program (one
// the type checker would reject) may raise InternalError. The semantic decisions (integer
// overflow, division, residue, tolerance, random numbers) are listed in docs/semantics.md and in
// tail/interp/InterpScalar.h and tail/interp/InterpSystem.h.
#pragma once

#include <cstdint>
#include <functional>

#include "tail/ir/Exp.h"
#include "tail/interp/InterpError.h"
#include "tail/interp/InterpSystem.h"
#include "tail/interp/Value.h"

namespace aplc::tail {

struct InterpOptions {
  // The style of ⍕ (`format`) and of the default `print`.
  aplc_style style = APLC_STYLE_APL;
  // Called by `print` with the value it prints. When empty, `print` writes display(v, style) to
  // stdout through aplc_print.
  std::function<void(const Value&)> onPrint;
  // The seed of roll, rollD and deal (see tail/interp/InterpSystem.h).
  uint64_t randomSeed = interp::kDefaultRandomSeed;
};

// Evaluates a closed program. Throws RuntimeError for APL errors.
Value evaluate(const Exp& program, const InterpOptions& options = {});

}  // namespace aplc::tail
