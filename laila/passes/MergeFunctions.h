// MergeFunctions: functions that are the same up to names and constants become one.
//
// Outlining (laila/passes/Outline.h) cuts every copy of a dfn's code into its own functions: a dfn
// applied twice, or three times inside a power (the corpus's inv.apl applies `swap1` three
// times in each of two `inv`s), gives each function several times over, and the C compiler
// optimises every copy. This pass keeps one function per group of equal ones:
//
// - Two functions are equal up to names when renaming every name, in the order a walk of the
//   parameters and then the body first meets it, gives the same text: the second one's calls
//   then call the first with their own arguments (a call matches arguments to parameters by
//   position).
// - Two functions equal up to names and their int and double constants (a loop of 3 items in
//   one, of 2 in the other) become one function whose constants that differ are parameters:
//   each call declares the values its function had, in a block around the call. Constants that
//   agree stay constants; filled literals and reduction neutrals are never parameters.
//
// Functions are merged in order of their height in the call graph (callees first), so callers
// that differ only in which copy they call, or in the constants passed to it, merge too. Main's
// calls are redirected last. Constants compare bit for bit (-0.0 is not 0.0).
//
// Pre: the program's functions call only functions defined before them (Outline's order).
// Post: the same computation, with no two functions equal up to names; it verifies.
#pragma once

#include "laila/ir/IR.h"

namespace aplc::laila {

Program mergeFunctions(const Program& program);

}  // namespace aplc::laila
