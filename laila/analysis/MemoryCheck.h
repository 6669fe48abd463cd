// MemoryCheck: the memory verifier. laila/ir/Verify.h already checks lifetimes (no use after a
// free or a move, no double free, every block freed, moves only into memory that holds none);
// this adds what needs the flow of data and the index simplifier's proofs:
//
// - no read of memory that nothing has written: a load, a print, or a call that reads memory
//   (laila/ir/Calls.def) from a block that no store, fill, writing call, function call or move
//   reached on any path since its allocation. Writes anywhere in a loop's body count for the
//   whole body (an iteration may read what an earlier one wrote), and only blocks provably not
//   empty count (an empty one's filling loop may be gone), so this finds the gross errors only (a
//   read moved above its producer, a producer removed), never a false one;
// - indices in bounds where provable, into blocks provably not empty (an empty block is read only
//   by code that must not run: loops over empty extents, or a gather whose INDEX ERROR a cold
//   branch reports before it), for accesses that run whenever their function does: no
//   if, while or select around them, every loop around them provably runs at least once (the
//   lowering's loops over empty extents read arrays of no elements at any index, and never
//   run), and no check that always fails before them (the user's INDEX ERROR stops the program
//   there). Reported: an index out of the block's allocated count on every execution, or at a
//   corner of the loop nest (every enclosing loop at its first iteration, or every one at its
//   last) when no check in those loops' bodies comes before the access (a check could stop an
//   earlier iteration). Proofs use laila/passes/Simplify.h's facts: loop ranges and int
//   declarations that are never assigned. Branches the facts decide are taken or skipped.
//
// Overlap: a block is one memory variable, and a move ends its source's life (Verify.h), so two
// live arrays never share memory; in-place updates (laila/passes/InPlaceUpdates.h) reuse a
// block only once its old array is dead. Nothing more to check until arrays become views.
//
// Run after lowering and after every pass with APLC_VERIFY_EACH_PASS=1 (laila/passes/Passes.h),
// and always after the last pass.
#pragma once

#include <string>
#include <vector>

#include "laila/ir/IR.h"

namespace aplc::laila {

// The problems found, one message each (empty: none).
std::vector<std::string> checkMemory(const Program& program);

// Throws InternalError listing the problems, naming the pass that produced the program.
void checkMemoryOrThrow(const Program& program, const std::string& afterPass);

}  // namespace aplc::laila
