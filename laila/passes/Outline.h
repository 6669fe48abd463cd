// Outline: statements taken out of a large main (or a large function) into functions of their
// own, so that no C function the C compiler optimises is much larger than a bound.
//
// GCC's optimisers are superlinear in the size of a function (RTL dataflow, jump threading,
// register allocation): the corpus's inv.apl is one main of 3,900 lines of C and took 7 s of
// GCC time at -O3, most of it in passes over the whole function (docs/compile-time.md). The
// same code cut into functions of a few hundred lines compiles in a fifth of that.
//
// The pass walks main's body when it is larger than `maxFunctionSize` nodes (statements and
// expressions) and replaces each compound statement (a for or while loop, an if, a block) of at
// least `minOutlinedSize` nodes by a call of a new function whose body it becomes; a function
// still too large is cut the same way, down through sequential loops, whiles and ifs. A
// compound statement declares nothing visible after it, so the function's parameters are the
// variables it reads or assigns from outside: `inout` when it assigns them (scalars, or memory
// moved into), by value otherwise (memory as its pointer). Loops whose iterations may run in any
// order (parallel, reduction, scan) are not entered: their bodies keep no calls, and the
// parallel contract (laila/README.md) stays a property of one function's code.
//
// Programs smaller than the bound are unchanged. The C generator marks functions noinline.
#pragma once

#include <cstddef>

#include "laila/ir/IR.h"

namespace aplc::laila {

struct OutlineOptions {
  // inv.apl's C compiler time at -O3: 7.2 s whole, 1.6 s with 2000/200, 1.35 s with 500/50
  // (smaller bounds gain nothing more); benchmarks run as fast.
  size_t maxFunctionSize = 500;  // nodes: a function (or main) larger than this is cut
  size_t minOutlinedSize = 50;   // nodes: smaller compound statements stay where they are
};

Program outline(const Program& program, const OutlineOptions& options);
Program outline(const Program& program);  // with the default options

// The number of statement and expression nodes of a statement (the size the bounds count).
size_t nodeCount(const Stmt& s);

// outlineParallelLoops (the OpenMP target): every outermost parallel map loop, in main and in
// every function, becomes a function of its own whose body is just that loop (named
// kParallelLoopBase), called where the loop was. The C generator runs such a function's loop as
// an orphaned worksharing loop, on a thread team when there are threads and the work is worth
// them and directly otherwise (backend/c/CStmtPrinter.h): one copy of the loop's code serves
// both, and a loop run sequentially pays no team. Loops that never have two iterations
// (constant bounds) and loops that assign a variable from outside (the parallel contract forbids
// it; they would need inout parameters) stay where they are.
Program outlineParallelLoops(const Program& program);

inline constexpr const char* kParallelLoopBase = "ploop";
// The loop of a function outlineParallelLoops made, or nullptr.
const For* parallelLoopOf(const Function& f);

}  // namespace aplc::laila
