// FuseLoops: sibling loops over the same range that read the same memory become one loop
// (horizontal fusion).
//
// APL computes several results from one array with separate primitives, and the lowering gives
// each its own loop nest: n-body's three inner products `(dx×w)+.×m`, `(dy×w)+.×m`,
// `(dz×w)+.×m` are three loops over the rows, each with a loop over the columns that computes
// w's element (a `pow`) again. Fused, each row's three dot products share one column loop, and
// reuseCommonValues (run after this pass) computes the positions, differences and w once per
// pair instead of three times: one pass over the data, a third of the work.
//
// Two loops L1 and L2 in one block, L1 first, are fused when:
//   - they are of the same kind, sequential or parallel (a reduction or scan loop has one
//     accumulator; in order, fuseLoopsInOrder below, any kinds), neither a cold or validation
//     loop (laila/ir/LoopRoles.h), their bounds are equal expressions that neither loop nor a
//     statement between them changes;
//   - their bodies are independent: neither declares or assigns a variable the other reads or
//     assigns, neither writes memory the other reads or writes, so no interleaving of their
//     iterations can be observed; or (vertical fusion) both are parallel, L2 reads memory L1
//     writes, both touch each such array in rows of one width (laila/analysis/RowAccess.h:
//     iteration i only the elements [i*R, i*R + R)), no scalar passes between the bodies and L2
//     writes nothing L1 reads or writes: iteration i of L2 reads only what iteration i of L1
//     wrote, which the fused body has computed just before;
//   - L1's body has no ordered effect (a check, a print, an effectful call, a call of a function,
//     an allocation, a while loop): L2's iterations now run before L1's later ones, whose checks
//     might guard them; L2's body may have such effects;
//   - they read some memory in common, or L2 reads L1's results (the reason to fuse: the same
//     data is read once, or a row is read while it is in cache; ContractArrays may then give
//     each iteration a buffer of one row instead of the whole array); in order, also when both
//     bodies declare a value of one operation (reuseCommonValues then computes it once:
//     streak's `+/rises` beside the scans of `rises`);
//   - every statement between them can move: above L1 when it is independent of L1 (and of the
//     statements already moving below; two statements with ordered effects never swap),
//     otherwise below L2 when it is independent of L2 and has no ordered effect (a check never
//     moves later: what follows it may rely on it). In order, L2 may still run before such a
//     statement when it has no ordered effect and touches no memory (no load or store a check
//     could guard): it computes the same scalars earlier, and a failing check ends the program
//     before anything shows them. A dot product's store of its result (which
//     reads L1's accumulator) goes below; the next one's accumulator declaration goes above.
// The fused loop is `for i in lower..upper { L1's body; L2's body with L2's variable as i }`.
// Blocks are fused outermost first, so the bodies of fused loops are fused in turn.
//
// Memory is named by variables; two names can denote one block only through moves (an Assign
// of memory) or as parameters of one function, so such names count as one for the independence
// test.
//
// Pre: a well-formed program with unique names. Post: the same computation, well formed.
#pragma once

#include "laila/ir/IR.h"

namespace aplc::laila {

Program fuseLoops(const Program& program);

// The same for a target that runs every loop in order, one iteration after another (the
// sequential C target): reductions and scans are fused too, loops of different kinds make a
// sequential loop, and vertical fusion takes any first loop. fuseLoops does the same inside
// parallel loops, whose iterations each run their loops in order on every target (sobol's two
// 30-bit dot products per point: one loop). A chain of scans, the reduction of
// their result and the loop that combines them (streak's `+\`, `⌈\`, `⌈/` and `-`) is then one
// pass over the data, and ContractArrays keeps no array of it that nothing else reads.
Program fuseLoopsInOrder(const Program& program);

}  // namespace aplc::laila
