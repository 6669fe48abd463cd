// Verify: checks that a Laila program is well formed. Run it after every Laila pass in tests
// (verifyOrThrow names the pass that broke the program).
//
// Checked (beyond what each node's `make` checks locally):
// - every variable is declared (Decl, Allocate, DeclareMemory, loop variable) before its use and used in its
//   scope, with the type it was declared with; no name is declared twice in a program;
// - assignments go to declared scalars that are not loop variables; stores and frees go to
//   declared array memory of the right base type; memory moves (IR.h, Assign) go from live memory
//   into memory that holds none; memory is not used after it is freed, not freed
//   twice, and not freed inside a loop it was allocated outside of unless the (sequential) loop
//   moves new memory into it before the iteration ends; memory declared by DeclareMemory holds
//   none until a move; each branch of an if starts from the state before it, and memory the
//   branches leave in different states is not judged until a free or move settles it; no move
//   takes a block allocated in MemorySpace::Private;
// - the loop kinds' contracts (IR.h, LoopKind): a ParallelMap body assigns no variable declared
//   outside the loop; a Reduction or Scan body assigns outside variables only to update its
//   accumulator as `acc = acc op e` / `acc = e op acc` with e not reading acc; a Reduction body
//   reads its accumulator nowhere else; the accumulator is declared before the loop;
// - the parallel contract (laila/README.md): inside a loop that is not sequential (ParallelMap,
//   Reduction, Scan), at any depth: no Print; no call of a function with effects
//   (laila::callHasEffect: anything beyond reading memory and private allocation, per
//   laila/ir/Calls.def); no Fill of memory declared outside the loop; a Store into memory declared
//   outside the loop has an index that depends on the loop variable (directly or through scalars
//   declared or assigned from it). The last rule is necessary, not sufficient, for iterations to
//   store to distinct locations (`m[i/2]` passes; a loop of at most one iteration, and a store inside a loop of none, by constant bounds, are exempt): TODO a proof of injectivity with
//   laila/Simplify's polynomials and the loop ranges. Allocation (and freeing) of memory declared
//   in the loop body is allowed: TODO reject it once memory expansion hoists per-iteration buffers;
// - every Call names a function in laila/ir/Calls.def;
// - with requireFrees, every allocation is freed before the end of the block that declares it.
#pragma once

#include <string>
#include <vector>

#include "laila/ir/IR.h"

namespace aplc::laila {

struct VerifyOptions {
  bool requireFrees = false;  // before memory planning, frees may not be placed yet
};

// The problems found, one message each (empty: the program is well formed).
std::vector<std::string> verify(const Program& program, const VerifyOptions& options = {});

// Throws InternalError listing the problems, naming the pass that produced the program.
void verifyOrThrow(const Program& program, const std::string& afterPass,
                   const VerifyOptions& options = {});

}  // namespace aplc::laila
