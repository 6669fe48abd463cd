// ParallelRegion: a sequential loop whose iterations run parallel loops and little else (a power
// loop's generations: life's `(life ⍣ N) board`) runs as one OpenMP parallel region on the
// OpenMP target, not one region per parallel loop per iteration.
//
// Every thread of the team runs the sequential loop itself, with its own copies of the scalars
// the loop assigns (the same values in every thread: what the iterations compute outside the
// parallel loops is pure); each parallel loop is shared among the threads as an orphaned
// worksharing loop, and a barrier after it makes its writes visible before anything reads them.
// A region costs one barrier per parallel loop where separate regions cost a fork and a join:
// life's 20,000 generations of about 3 µs of work each gain from the second thread only then.
//
// The loop qualifies when its body is made only of
//   - calls of the functions outlineParallelLoops made (laila/passes/Outline.h), directly or
//     through functions whose body is one such call (what `outline` leaves around them), whose
//     bounds do not change in the loop (the region's decision to thread is made once, before it);
//   - declarations and assignments of scalars, and moves of array memory (a power loop's swap),
//     whose values read no memory (one thread may already write the next loop's) and call only
//     pure functions (the threads would repeat an effect);
//   - blocks and comments;
//   - statements that one thread runs while the others wait (`omp single`): stores, checks and
//     loops of them, assigning only variables they declare (a rotation's one-item segments);
// and runs at least one parallel loop. Anything else (an allocation, a free, a print, a call of
// another function, an assignment of an outer variable inside a loop) keeps the loop as it is:
// per parallel loop, a region of its own.
#pragma once

#include <map>
#include <optional>
#include <vector>

#include "laila/ir/IR.h"

namespace aplc::backend {

// One parallel loop the region runs: the call in the loop's body, the loop of the function it
// reaches, and that function's call with the region's own variables as its arguments.
struct RegionStep {
  const laila::Function* loopFunction;  // a function outlineParallelLoops made
  const laila::For* loop;               // its parallel loop
  std::vector<laila::Param> args;       // its arguments, in the variables of the region's loop
};

struct ParallelRegion {
  std::map<const laila::CallFunction*, RegionStep> steps;  // by the call in the loop's body
  std::vector<laila::Var> assigned;  // declared before the loop, assigned in it: each thread's copy
};

// The callee's parameters → the names of the arguments a call passes to them.
std::map<laila::Name, laila::Name> argumentNames(const laila::Function& callee, const std::vector<laila::Param>& args);

// How the region runs a statement of its loop's body.
enum class RegionRole {
  EveryThread,   // a declaration, an assignment, a comment: every thread, its own copies
  ParallelLoop,  // a call of a parallel loop: shared, then a barrier
  OneThread,     // anything else the rules allow: one thread, in an `omp single`
  Block,         // a block: its statements, each by its own role
};
RegionRole regionRole(const laila::Stmt& s);

// The region of a sequential loop, or nothing when it does not qualify (above).
std::optional<ParallelRegion> parallelRegionOf(const laila::For* loop,
                                               const std::map<laila::Name, const laila::Function*>& functions);

}  // namespace aplc::backend
