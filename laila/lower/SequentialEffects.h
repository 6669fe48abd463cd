// SequentialEffects: the part of the lowering that keeps effects in order. A parallel loop
// (ParallelMap, Reduction, Scan) whose body prints, or calls a function with effects
// (laila/ir/Calls.def: random numbers, ⍕'s pending text, file input, the clock, writes to memory
// arguments), becomes a sequential loop, and so does every parallel loop around it: `?¨100⍴6`,
// `{⎕←⍵×2}¨⍳3`, `{≢⍕⍵}¨⍳3` run their elements in order, one at a time. A call whose one effect
// is writing memory that the loop's iteration allocated itself (the grade of `{⍵[⍋⍵]}`, the hash
// table of `∪` or `⍳` computed per element: laila::writtenArgumentOnly) keeps the loop parallel:
// each iteration writes its own block.
//
// Pre: the lowered program. Post: the same program, whose parallel loops satisfy the effects part
// of the parallel contract (laila/ir/Verify.h).
#pragma once

#include "laila/ir/IR.h"

namespace aplc::laila {

Program sequentializeEffects(const Program& program);

// Whether a statement prints or calls a function with effects (laila::callHasEffect; a write
// of memory counts, whoever owns it).
bool hasEffects(const Stmt& s);

}  // namespace aplc::laila
