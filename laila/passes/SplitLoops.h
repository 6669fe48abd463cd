// SplitLoops: index-set splitting of Laila loops (the loop-splitting of Halide's boundary
// handling, the "index set splitting" of polyhedral compilers).
//
// A loop `for v in lo..hi` whose body compares v with a loop-invariant bound (the select of a
// rotation `j+s ≥ m ? j+s-m : j+s`, the branch of a catenation `j < m`, the guard of a take)
// evaluates that comparison in every iteration, although its value changes only at one point.
// This pass cuts the range at those points, `for v in lo..c1`, `for v in c1..c2`, …, each a copy
// of the body; the simplifier, which knows each copy's range, then decides the comparisons
// (removing branches and selects) in every copy.
//
// A cut comes from a comparison (< ≤ > ≥) between int expressions whose difference is ±v plus
// an expression that the loop does not change (no variable declared or assigned in the loop, no
// memory read). The copies run in ascending order of v with bounds clamped to the loop's range
// (min/max, folded by the simplifier when it can order them), so any set of cuts gives the same
// iterations in the same order as the original loop: the rewrite is exact for every loop kind,
// sequential ones included. Splitting is bounded (a few cuts per loop, a limit on the copied
// statements), so code size stays linear in practice.
//
// Pre: a well-formed program (laila::verify) with unique names. Post: the same computation,
// still well formed with unique names (the copies' declarations get fresh tags above every tag
// in the program); not yet simplified: run laila::simplify afterwards.
#pragma once

#include "laila/ir/IR.h"
#include "laila/ir/LoopRoles.h"

namespace aplc::laila {

Program splitLoops(const Program& program);

// The same, except that each outermost parallel loop whose body has loops stays one loop, its
// pieces in its body behind tests of the loop variable (`if (v < b1) {piece 0} else if …`), and
// the loops inside them split: for the OpenMP target, which runs such a loop on threads. As
// separate loops its pieces would each be a parallel region, or, one iteration long (the edge rows
// of a stencil), run alone on one thread while the team waits: life 40x40's generations did both.
// Each piece is simplified as the body of a loop over its segment; a loop of more than two cuts
// stays whole. A parallel loop of scalar code is split as by splitLoops (the tests would be made
// at every item).
Program splitLoopsInsideParallel(const Program& program);

// The inverse, after the simplifier: adjacent loops of a block that run the same body (up to
// the names it declares) over adjacent ranges become one loop. Cuts whose copies the
// simplifier could not tell apart (a catenation whose parts are all zeros, say) cost code and
// C compile time for nothing.
Program joinEqualSegments(const Program& program);

}  // namespace aplc::laila
