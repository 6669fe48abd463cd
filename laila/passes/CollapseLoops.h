// CollapseLoops: a parallel loop whose body is one parallel loop over a range that does not depend
// on it runs as one parallel loop over both (GPU targets).
//
// The OpenCL target makes each outermost parallel loop a kernel whose work items are its
// iterations; a loop inside runs in sequence in each work item. Mandelbrot's per-point power over
// a 768×1024 grid was 768 work items, each walking 1024 points one after the other: too few for a
// GPU, and on POCL's CPU device nothing its work-group vectoriser can run side by side. Collapsed,
// each point is a work item:
//   parallel for i in a..b { parallel for j in c..d { body } }
// becomes
//   parallel for ij in 0..max(b-a, 0)·max(d-c, 0) { int i = a + ij / max(d-c, 1); int j = c + ij % max(d-c, 1); body }
// The iterations run in the same (row-major) order, so the lowest failing one is the same (the
// parallel contract's error rule). Nests of three or more collapse one level at a time.
// Only when the inner body has a loop of its own (a dot product's, a per-point power's): a work
// item's row of straight-line code is a loop the device compiler vectorises on a CPU device, and
// measured on POCL (2026-11-28, 2 cores) collapsing such rows was slower (life 1200² 250 → 310 ms,
// hotspot 440 → 500 ms), while nests with a loop inside gained (matmul 1000² 0.94 → 0.49 s,
// k-means 0.68 → 0.45 s; mandelbrot unchanged). A GPU would gain on both kinds (every pair a
// work item, adjacent items on adjacent columns): a choice by device type is still to come.
// Not on CPU targets: their threads take whole rows.
//
// Pre: a well-formed program with unique names. Post: the same computation, well formed.
#pragma once

#include "laila/ir/IR.h"

namespace aplc::laila {

Program collapseLoops(const Program& program);

}  // namespace aplc::laila
