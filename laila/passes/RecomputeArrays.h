// RecomputeArrays: an array whose element is a few operations on its index alone is computed
// where it is read instead of being kept in memory (rematerialization).
//
// The lowering materializes an array that a function reads (a dfn's free name read in a power's
// step counts as read many times): mandelbrot's `cx ← 1 H W ⍴ xmin + dx × ⍳W` and its `cy` were
// two arrays of H×W doubles (12 MiB at 1024×768) whose element is `i2d(i mod W + 1) × dx + xmin`.
// Recomputed, they take no memory; reads inside a per-point power's lanes are then computed once
// per lane by hoistLaneInvariants, not once per iteration.
//
// In a block
//
//   [T] m = alloc T[n];  parallel for i in lo..hi { d₁ = …; …; m[i] = v; }  …  free m;
//
// m goes, and every load `m[e]` becomes v with the declarations substituted and i replaced by
// e, when the loop body is declarations and that store only, reading nothing but i (no memory,
// no other variable), v is at most kRecomputeNodes nodes once substituted and cheap to repeat
// (no transcendental function, square root, power or double division; of calls only the
// runtime's integer helpers), and m is mentioned nowhere else but in loads and its one free
// (never printed, passed to a call or a function, moved or stored to again). The element a load
// reads is then exactly what the loop stored there.
//
// Pre: a well-formed program with unique names. Post: the same output, with fewer allocations.
#pragma once

#include "laila/ir/IR.h"

namespace aplc::laila {

Program recomputeArrays(const Program& program);

}  // namespace aplc::laila
