// CopyElision: a copy of an array that nothing reads afterwards is a move of its block.
//
// A guard's result, a function's result, the state a loop carries from one iteration to the
// next: the lowering copies such values into memory of their own, and the array copied from is
// often freed right after. The sieve of a :For loop with an :If that updates its array copied
// the whole array two or three times per iteration, though each copy's source died with it.
//
// In a block
//
//   [T] d = alloc T[n];  …  for i in 0..n { d[i] = s[i]; }  …
//
// (the lowering's copy loop, temporaries and all, of element i to element i), the allocation
// becomes a declaration (`[T] d;`, DeclareMemory) and the loop the move `d = s`, when:
//   - d is not mentioned between its allocation and the loop, and has s's element type;
//   - s is allocated in the same function body (not a parameter: the caller owns its block);
//   - s is dead after the loop: on every path from it (later in this block, after the enclosing
//     statements, around loops into their next iteration), s is freed or moved into before
//     anything reads, stores, prints or moves it. A liveness analysis over the structured code
//     decides it, with a summary of each statement computed once (the names it reads before
//     defining them, and those it defines on every path: frees, allocations, moves into);
//     a loop may run no iteration, so it defines nothing for sure.
// s's first n elements are what d holds after the copy; d takes s's block (which holds at least
// n elements: the copy reads them). The free of s goes when it is the next statement of this
// block to mention s; otherwise s takes an empty block (`alloc T[0]` moved into it) for the
// free that follows. When that is a branch of an if and the next mention of s after the if is
// its free, the free moves into the branches instead: a branch that moved s's block away needs
// neither it nor the empty block, the other frees s at its end (the sieve's :If, once per
// iteration of its :For loop). Only sequential code is rewritten: a parallel loop may not move
// memory declared outside it.
//
// Pre: a well-formed program with unique names and frees placed. Post: the same, with fewer
// copies; what it prints is unchanged.
#pragma once

#include "laila/ir/IR.h"

namespace aplc::memory {

laila::Program elideCopies(const laila::Program& program);

}  // namespace aplc::memory
