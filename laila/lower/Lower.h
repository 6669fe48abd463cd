// Lower: TAIL → Laila through hybrid pull arrays (thesis §3.4; laila/lower/PullArray.h).
//
// Pre: a closed, type-annotated TAIL program (tail::annotateTypes: every PrimApp/PrimFn has its
// instance; every rank is a constant). Post: a Laila program that computes what the reference
// interpreter computes (tail/interp/Interp.h) and prints what `aplc --interp` prints: every `print` as
// it executes, then (with printResult) the program's value (a tuple's components one after the other), in the
// style chosen here; runtime errors as APL errors at the PrimApp's location. The program passes
// laila::verify (with frees required) and has been through the target's Laila passes
// (options.target.passes; laila/passes/Passes.h lists them all: simplification, loop splitting,
// check elimination, …, outlining), each one's output verified.
//
// Materialization (the only places arrays are written to memory):
// - a let-bound array used more than once (or used inside a function, which may run per
//   element), unless reading it is cheap (memory, iota, literals, views of these) or, when all
//   its uses are at the let's own depth, an element costs a few statements without a loop:
//   then each read recomputes it, and reads of one index in one element's code share one
//   variable (Lowerer::reusedPerElement). Two patterns of several uses read each element once,
//   and are computed where they are read however costly the element, unless computing it may
//   fail or allocates: `v×v` (zipWith of v with itself: the two reads share the element) and
//   slices at different positions (`x←xy[;1] ⋄ y←xy[;2]`: xy counts as used once), so that the
//   Sobol benchmark's N×2 points are never written to memory (UseCounter);
// - power-loop state: when the step computes each point of the state from that point alone
//   (mandelbrot's pixels; checked on the lowered step, Lowerer::powerPerPoint), the power loop
//   runs inside a parallel loop over the points, on tiles of a few points whose values live in
//   small buffers, and the final state is written once; otherwise, like the value of a guard
//   (cond) that is not known at compile time: arrays of a shape the loop keeps are double-buffered (two blocks allocated before the loop, swapped
//   by moves each iteration); others are written to fresh memory each iteration (or in each
//   branch) and moved into the state's memory variable; shapes that change are held in
//   variables (small constant power counts are unrolled instead);
// - arrays computed with effects (random numbers, input), results printed, updated arrays,
//   reductions/scans that are read more than elementwise, literals and file input;
// - a reshape that repeats its source (the replication inside inner and outer products) when
//   one element costs more than a few operations (laila/analysis/Cost.h); cheaper ones are recomputed;
// - everything else fuses by construction.
#pragma once

#include "laila/ir/IR.h"
#include "laila/lower/Target.h"
#include "support/Source.h"
#include "tail/ir/Exp.h"

namespace aplc::laila {

struct LowerOptions {
  PrintStyle style = PrintStyle::Apl;  // how print and the program's value print; also ⍕
  bool flatOnly = false;               // --arrays=flat: only flat index functions
  bool printResult = true;             // print the program's value at the end (as `aplc --interp`
                                       // does for .tail programs and for APL in apltail's format)
  const SourceManager* sources = nullptr;  // for file names in error locations
  Target target;                           // what the code generator wants (laila/lower/Target.h)
};

// Throws UserError for TAIL the lowering does not support yet (a clear "not supported: ...").
Program lower(const tail::Exp& annotatedProgram, const LowerOptions& options = {});

}  // namespace aplc::laila
