// Cost: a rough estimate of the work one element of a pull array takes, for the lowering's
// choice between recomputing an element wherever it is read and writing the array to memory,
// and of the work of a loop's iteration, for the choice of running it on threads.
//
// The unit is one simple operation (an add, a compare, a load). Transcendental functions and
// calls of libm count as several, integer division and modulus as a few; loops, while loops and
// allocations make an element `kExpensive`: their cost depends on run-time sizes, and the lowering
// never replicates them.
#pragma once

#include <vector>

#include "laila/ir/IR.h"

namespace aplc::laila {

inline constexpr int kExpensive = 1 << 20;

// The cost of running `stmts` (the statements an index function emitted to compute one element,
// the element bound by the last of them). Saturates at kExpensive.
int elementCost(const std::vector<Stmt>& stmts);

// The work of one run of `body` (a loop iteration), in the same units, for the OpenMP target's
// choice of running a parallel loop on threads: inner loops count their body times their trip
// count (the largest its bound's form shows, such as a block's min(n - first, 1024), else
// kUnknownTrips; a check's cold validation loops, which run only on the way to an error, not at
// all), while loops kUnknownTrips times, an `if` its costlier branch, an allocation or free a
// few operations, every statement at least one. Saturates at kWorkLimit (an iteration of a
// billion operations is a loop worth threads whatever its count); at least 1.
inline constexpr int64_t kUnknownTrips = 16;
inline constexpr int64_t kWorkLimit = int64_t(1) << 40;
int64_t iterationWork(const Stmt& body);

// Whether iterations of a loop with this body may cost very different amounts: it has a while
// loop (a power until a condition, an iteration whose trip count its data decide). The OpenMP
// target then hands out iterations dynamically instead of in equal blocks.
bool iterationWorkVaries(const Stmt& body);

// The same for one iteration of `loop`, knowing its variable's largest value where its upper bound
// shows one: an inner loop over `0..i + 1` counts its largest trip count (the work of the loop's
// costliest iteration) instead of kUnknownTrips. The OpenMP and OpenCL targets' choices ask this.
int64_t loopIterationWork(const For* loop);
// Whether `loop`'s iterations may cost very different amounts: iterationWorkVaries, an inner
// loop whose trip count depends on the loop's variable (`0..i + 1`), or a call of one of the
// program's functions (a recursive function's work depends on its argument).
bool loopIterationWorkVaries(const For* loop);
// Whether a statement calls one of the program's functions (a Call of its C name, or a
// CallFunction).
bool callsProgramFunctions(const Stmt& body);

}  // namespace aplc::laila
