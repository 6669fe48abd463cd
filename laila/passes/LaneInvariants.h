// LaneInvariants: what a per-point power's lanes compute the same in every iteration of the
// power is computed once per tile, into a buffer of one element per lane (loop-invariant code
// motion with expansion over the lanes).
//
// On CPUs a per-point power runs tile by tile (laila/lower/LowerPowerPerPoint.cpp):
//
//   for n times { parallel for lane in 0..width { …the step at point first + lane… } }
//
// A step that reads an array the power does not change (mandelbrot's cx and cy, recomputed from
// their index by recomputeArrays) computes its element again in every iteration. Here every
// maximal subexpression of the lane body's own statements that reads only the lane variable,
// variables the power loop does not change and memory it does not write (and that is more than a
// variable, a constant or a load) is computed before the power loop:
//
//   [T] lanes = alloc T[width];
//   parallel for lane′ in 0..width { lanes[lane′] = e with lane′ for lane; }
//   for n times { parallel for lane in 0..width { …lanes[lane]… } }
//   free lanes;
//
// Only the statements directly in the lane body are searched (not branches or inner loops,
// whose expressions may be guarded), nothing that loads after a check among them (the check may
// guard the load's index), and the computation before the loop is itself guarded by
// `lower < upper` unless the power loop surely runs (a load may be valid only when it does).
// The buffers hold at most a tile's width of elements each.
//
// Pre: a well-formed program with unique names. Post: the same computation, well formed.
#pragma once

#include "laila/ir/IR.h"

namespace aplc::laila {

Program hoistLaneInvariants(const Program& program);

}  // namespace aplc::laila
