// StreamReductions: a reduction over an array, in an order that does not matter, computed where
// the array's elements are produced, so that the array is never held (CPU targets).
//
// mandelbrot's per-point power writes each point's count into a plane the size of the image,
// and two reductions then read the plane once each (`+/,counts` and `+/,0=counts`): the C
// program adds each count as soon as it is known and holds none. In a block
//
//   [T] A = alloc T[n];  P  …  T' acc = c;  …  for k in 0..n { … A[k] … acc = acc op e; … }  …
//
// the consumer loop C moves into the producer P, after P's store `A[e] = v`, with k = e and its
// loads `A[k]` reading v, when:
//   - C's body is straight-line code (declarations and assignments: no store, check, loop or
//     effect) whose only memory reads are `A[k]`, and whose assignments to variables declared
//     outside it are accumulator updates `acc = acc op e` (or `e op acc`), e not reading acc,
//     acc read nowhere else in the body, op associative and commutative on a type that is not
//     double (wrapping int + and ×, min, max, bitwise and boolean operators), or the accumulator
//     of a Reduction loop the lowering marked as exact in any order (⌈ ⌊, a double sum of whole
//     numbers: laila/analysis/WholeNumbers.h). So C's result does not depend on the order
//     in which it meets the items, and it has no effect but its accumulators;
//   - P is the first statement after the allocation that mentions A, and holds A's only
//     store, on a path of parallel (map) loops, blocks and ifs: each element is stored at most
//     once (the loops' contract: distinct locations), so each of P's stores meets C's body
//     once; between P and C, statements may load from A (other reductions), not write it;
//   - C runs over exactly the allocation's extent, from 0 (the same constant, or the same
//     expression of variables nothing assigns): P's stores, all in bounds, are then exactly the
//     elements C reads (no read of unwritten memory, which the memory verifier checks);
//   - nothing between P and C assigns what C's body reads or mentions an accumulator, and the
//     accumulators declared there are initialised with constants (the declarations move before P);
//   - C is not a loop that folds partial results (the role `partial`, below).
// streamReductions (sequential C): the loops on the path become sequential (their iterations now
// update the accumulators). When nothing reads A any more, its allocation, store and free go.
//
// streamReductionsInParallel, for targets that run P's outermost loop on threads (OpenMP), keeps
// that loop parallel: each of its iterations folds its items into local accumulators, from the
// operators' neutral elements, and stores them in an array of partial results with an element
// per iteration (mandelbrot: one per row of the image), which a loop of role `partial`
// (laila/ir/LoopRoles.h) in C's place folds in order; the loops inside P on the path become
// sequential. The operators are exact in any order, so the grouping changes no bit.
//
// Pre: a well-formed program with unique names, before loop fusion (C is still a loop of its
// own). Post: the same program, printing the same; A is gone when C was its last reader.
#pragma once

#include "laila/ir/IR.h"

namespace aplc::laila {

Program streamReductions(const Program& program);
Program streamReductionsInParallel(const Program& program);

}  // namespace aplc::laila
