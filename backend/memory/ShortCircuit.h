// ShortCircuit: an array that is only ever copied whole into a segment of another array is built
// in that segment instead (FUNMEM's short-circuiting, for the copies of a catenation's operands).
//
// `z ← a,b,c` where a and b are scans (materialized: a scan is a loop that stores its running
// value) was three arrays and a fourth for z, with a loop per operand copying it into z. Now the
// scans store straight into z's memory at offsets 0 and ≢a, and the copy loops and a's and b's
// memory are gone: one allocation and no copies.
//
// In a block
//
//   [T] x = alloc T[n];  …producer of x…  [T] m = alloc T[k];  …  COPIES  …  free x;
//
// where COPIES is a loop, or a block of loops, one of which is the copy
// `for i in lo..hi { m[i] = x[i - lo]; }` (after substituting the temporaries the lowering of a
// catenation declares in its body), x becomes the view `lo + {(n:1)}` of m's block (an LMAD,
// backend/memory/Lmad.h): every `x[e]` is `m[e + lo]`, m's allocation moves before x's, the copy
// loop and x's allocation and free go. The conditions:
//   - x and m have one element type, and hi − lo is x's allocated count (the copy covers x);
//   - x is mentioned only in its allocation, loads, stores and frees (never printed, moved,
//     passed to a call or a function), and after COPIES only in its frees;
//   - m is mentioned nowhere between its allocation and COPIES (it holds nothing until then), and
//     in COPIES only by loops whose one mention of it is their last statement `m[i] = v` at their
//     own variable, each so writing the segment [lower, upper) of m;
//   - the segment of every x so rewritten is provably disjoint from every other segment of m that
//     COPIES writes (Lmad's provablyDisjoint), so building x in place overwrites nothing another
//     operand stored, and no other loop overwrites x afterwards;
//   - lo, and m's count, have the same value from x's allocation on (no statement in between
//     declares or assigns what they read), so m can be allocated there and x's accesses offset.
// Between x's allocation and COPIES, the other operands' producers may read x: they read its
// segment, which nothing else writes.
//
// Pre: a well-formed program with unique names and frees placed (after contractArrays, before
// hoistAllocations). Post: the same, with fewer allocations and copy loops; what it prints is
// unchanged.
#pragma once

#include "laila/ir/IR.h"

namespace aplc::memory {

laila::Program shortCircuitCopies(const laila::Program& program);

}  // namespace aplc::memory
