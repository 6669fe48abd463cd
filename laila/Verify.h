// Verify: checks that a Laila program is well formed. Run it after every Laila pass in tests
// (verifyOrThrow names the pass that broke the program).
//
// Checked (beyond what each node's `make` checks locally):
// - every variable is declared (Decl, Allocate, loop variable) before its use and used in its
//   scope, with the type it was declared with; no name is declared twice in a program;
// - assignments go to declared scalars that are not loop variables; stores and frees go to
//   declared array memory of the right base type; memory moves (IR.h, Assign) go from live memory
//   into memory that holds none; memory is not used after it is freed, not freed
//   twice, and not freed inside a loop it was allocated outside of unless the (sequential) loop
//   moves new memory into it before the iteration ends;
// - the loop kinds' contracts (IR.h, LoopKind): a ParallelMap body assigns no variable declared
//   outside the loop; a Reduction or Scan body assigns outside variables only to update its
//   accumulator as `acc = acc op e` / `acc = e op acc` with e not reading acc; a Reduction body
//   reads its accumulator nowhere else; the accumulator is declared before the loop;
// - with requireFrees, every allocation is freed before the end of the block that declares it.
#pragma once

#include <string>
#include <vector>

#include "laila/IR.h"

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
