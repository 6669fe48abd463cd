// CommonValues: a declaration whose value an earlier one already computed reuses that one's
// variable, and a check an earlier one already made is dropped (common subexpression
// elimination over declarations, "available expressions").
//
// The lowering computes shapes, offsets and their overflow checks where each primitive needs
// them, so a program reads `s_2 = s_1 - 1` with its check `!sub_overflows(s_1, 1)` once per
// primitive that drops `⍺-1` rows, and HoistInvariants declares the same index arithmetic before
// each of several sibling loops. Both are removed here, before the C compiler has to parse and
// optimise them (most of apltail's inv.apl).
//
// A declaration `T v = e` is available from it to the end of its block (nested blocks, loops
// and branches included) while no variable e reads is assigned; e must not call a function
// that is not pure (laila/ir/Calls.def). When e loads, it is available only until a statement
// that may write memory (a store, fill, allocation, free, move, a call of the program's
// functions or of a runtime function that writes memory; names can alias through moves, so any
// write counts): fused loops (FuseLoops.h) read the same elements once. A later `T w = e'` with
// e' equal to e (after the replacements made so far) is dropped and w replaced by v, when
// neither v nor w is ever assigned. A check of a condition already checked in an enclosing or
// earlier position of the same kind always passes, and is dropped (conditions that load are
// not remembered). Loops and branches first forget what their bodies assign, and every load
// when their bodies write memory; what they declare is forgotten when they end.
//
// Pre: a well-formed program with unique names. Post: the same computation, well formed.
#pragma once

#include "laila/ir/IR.h"

namespace aplc::laila {

Program reuseCommonValues(const Program& program);

}  // namespace aplc::laila
