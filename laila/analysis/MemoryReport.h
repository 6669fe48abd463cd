// MemoryReport: the memory plan of a Laila program as people read it (`aplc --emit=mem`).
//
// The program is printed as --emit=laila prints it, with comments from a walk in program order:
//
//   - after each allocation, the block's size in bytes and where it lives (at the top level, in
//     a sequential loop: one at a time, or in a parallel loop: one per iteration running at
//     once, which memory expansion will turn into one block for all of them);
//   - after each allocation, free and move, the blocks live from there on and their bytes
//     (a polynomial in the program's sizes when they are known only at run time);
//   - at the top of each function and of main, a table of its blocks and the most bytes live
//     at once where every size is a constant.
//
// Blocks are memory variables (laila/ir/IR.h): a move hands a block to another name, so it is
// listed once, under its allocation. A declaration (DeclareMemory: a power loop's swap
// variable) and an allocation of no elements are not blocks, nor is a private allocation.
// Branches join by union (either may run); a loop's body starts from the blocks live before it.
#pragma once

#include <string>

#include "laila/ir/IR.h"

namespace aplc::laila {

// Allocations in MemorySpace::Private (what the C targets print as automatic arrays) are marked
// private to their iteration and counted in no live set.
std::string memoryReport(const Program& program);

// Bytes of one element in generated code (int and double 8, bool 1, char 4).
int64_t elementBytes(BaseType base);

}  // namespace aplc::laila
