// EarlyFrees: each `free m` moves up to just after the last statement of its block that
// mentions m (FUNMEM's frees: an array's memory is released as soon as nothing reads it).
//
// The lowering frees an array's memory where its scope ends, so every array a program
// computes stays allocated until the end of the statement list it was made in: streak's two
// scans (20 million ints each) were still held while its third array was computed and
// searched. Freed after their last use, the allocator can give their blocks to later arrays,
// and the peak resident memory falls.
//
// A free moves only within its block, never past a statement that mentions m (reads it,
// stores to it, passes it to a function or the runtime, moves it or moves memory into it).
// Two names denote one block only through moves, which mention both, so no statement left
// below the free can reach m's memory. A free that nothing in its block mentions before it
// stays where it is (its memory comes from an enclosing block).
//
// Pre: a well-formed program with frees placed (laila::verify). Post: the same, frees earlier.
#pragma once

#include "laila/ir/IR.h"

namespace aplc::laila {

Program freeEarly(const Program& program);

}  // namespace aplc::laila
