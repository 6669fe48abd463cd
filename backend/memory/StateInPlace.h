// StateInPlace: a loop's array state updated in its own block, where each iteration copied it,
// changed the copy and copied that into the spare block it then swapped in (FUNMEM's
// short-circuiting of a power loop's next state).
//
// `r[i] ← i×i` in a :For loop (or a ⍣ whose function updates one element of its argument) is a
// loop with r as its state. The lowering double-buffers the state (laila/lower/LowerControl.cpp):
// an iteration copies the current block into the update's, stores the element, copies the update
// into the spare block and swaps the current and spare blocks. Two walks of the whole array per
// element stored; now the element is stored in the current block, and the walks, the swap, the
// update's block and the spare block go.
//
// In the body of a sequential For or a While, at its top level:
//
//   for i in 0..n { u[i] = cur[i]; }            (A: the lowering's copy loop, temporaries and all)
//   …                                          (reads and stores of u; cur not mentioned)
//   for i in 0..n { spare[i] = u[i]; }          (B)
//   …                                          (none of cur, spare, u)
//   swap = cur;  cur = spare;  spare = swap;    (the swap)
//
// becomes the statements between A and B with u read and stored as cur. The conditions:
//   - u is allocated, with count n, in the block around the loop, before it; it is mentioned
//     there after the loop only in frees, and in the body only in A, B and between them, never
//     moved (so what u holds when an iteration starts, or after the loop, is never read);
//   - cur is not mentioned between A and the swap (after A it held the old state only for A),
//     and nowhere is it moved but in the swap;
//   - spare and swap are mentioned in the body only in B and the swap, and spare not after the
//     loop in the block around it but in frees (what spare held is never read; after the swap it
//     would have been the old state's block).
// Then cur holds, at the end of each iteration, what the swap gave it: u's contents. The
// allocations and frees of u, spare and swap go where nothing else mentions them.
//
// Pre: a well-formed program with unique names and frees placed. Post: the same, with fewer
// copies and allocations; what it prints is unchanged.
#pragma once

#include "laila/ir/IR.h"

namespace aplc::memory {

laila::Program updateStateInPlace(const laila::Program& program);

}  // namespace aplc::memory
