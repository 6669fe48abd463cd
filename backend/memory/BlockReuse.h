// BlockReuse: FUNMEM's block reuse. A block freed in a statement list is given to the next
// allocation of that list when the two have the same element type and provably the same
// count: the allocation becomes a move of the freed block, and the free goes.
//
//   [T] a = alloc T[n];  …a…  free a;  …  [T] b = alloc T[n];  …b…  free b;
//
// becomes
//
//   [T] a = alloc T[n];  …a…  …  [T] b;  b = a;  …b…  free b;
//
// One malloc and one free where there were two: a sequence of temporaries of one shape (the
// items of a :For loop's body, a dfn's intermediate vectors) runs in one block. The rule keeps
// the peak of live memory where it was:
//   - nothing is allocated between the free and the allocation (no Allocate, no call of the
//     program's functions, no runtime call that allocates memory of its own): the freed block
//     is held only while nothing else could have taken its place;
//   - the counts are equal (the same expression, or one the simplifier makes equal, over
//     variables that nothing declares or assigns between the two allocations): a larger block
//     held for a smaller array would hold the difference for the rest of its life. FUNMEM's
//     colours sized for their largest member would, and are left out for that reason.
// Candidates are heap blocks allocated in the list itself, never moved in or out, and not the
// small constant allocations that become private arrays; loops that run their iterations at
// once are left alone (their per-iteration allocations are memory expansion's, Expansion.h).
// Blocks are typed (int, double, bool, char), so only arrays of one element type share one.
//
// Pre: a verified program with frees placed (after freeEarly and the passes that remove copies).
// Post: the same program's output; allocations counted by APLC_STATS can only go down.
#pragma once

#include "laila/ir/IR.h"

namespace aplc::memory {

laila::Program reuseBlocks(const laila::Program& program);

}  // namespace aplc::memory
