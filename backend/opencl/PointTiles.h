// Point tiles: how a kernel whose work item runs one long loop of scalar arithmetic (a per-point
// power's iterations: mandelbrot's 255 steps of z ← c + z×z) runs on a CPU device.
//
// A CPU driver (POCL) runs a work group's items as a loop around the kernel's body and vectorizes
// that loop; a loop inside the body stops it. A barrier at the end of the inner loop's body
// (KernelPrinter, APLC_UNIFORM_LOOP_END) makes it a loop over the items inside each iteration,
// but the driver keeps what lives across the barrier in memory, a slot per item. A point tile
// instead gives each work item `kPointTile` consecutive items, their scalars in arrays indexed by
// a lane, and the inner loop's body a loop over the lanes, which the device compiler unrolls and
// vectorizes with the scalars in registers. Mandelbrot 1024×768×255 on POCL (2-core AMD EPYC
// VM): its kernel took 0.55 s with the barrier, 0.07–0.1 s in tiles of 16 (0.2 s unrolled without
// `#pragma unroll`; tiles of 4 and 8 took 0.55 and 0.2–0.25 s).
//
// Only kernels of more than 4096 work items, or of a number unknown at compile time, take a tile
// (OpenCLGen.cpp): a sixteenth of fewer would leave a many-core CPU's cores idle; those end the
// loop's body with a barrier as before.
//
// The shape: the kernel's body is statements, then the loop, then statements; the loop is
// sequential, its bounds the same in every work item, and its body holds no loop and reads no
// memory unless the caller says the loop is long (then the lanes' independent chains of
// arithmetic pay for their loads, which are gathers); nothing in the kernel checks, allocates or
// loops besides it. Every scalar declared at the
// top level before the loop, and the parallel loop's index, becomes a tile: an array of a value
// per lane. The lanes past the last item repeat the last item's work (their index is clamped),
// so they compute what a real item computes, and their stores are skipped.
#pragma once

#include <functional>
#include <optional>
#include <vector>

#include "laila/ir/IR.h"

namespace aplc::backend {

// Items per work item in a point tile.
constexpr int kPointTile = 16;

struct PointTile {
  laila::Var lane;                       // 0 … kPointTile-1, the loops over the lanes' variable
  laila::Var index;                      // the tile of the parallel loop's index
  std::vector<laila::Var> tiles;         // every tile (index included), private arrays of kPointTile
  std::vector<laila::Stmt> before;       // per lane, after the index: the statements before the loop
  const laila::For* loop = nullptr;      // the loop, run once for all lanes
  laila::Stmt loopBody;                  // per lane: its body
  std::vector<laila::Stmt> after;        // per lane, for lanes of real items: the statements after
};

// The point tile of a kernel's parallel loop, if its body has the shape. `uniformLoop` says
// whether a loop's bounds are the same in every work item, `longLoop` whether one that reads
// memory is long enough for a tile.
std::optional<PointTile> pointTile(const laila::For* kernelLoop,
                                   const std::function<bool(const laila::For*)>& uniformLoop,
                                   const std::function<bool(const laila::For*)>& longLoop);

}  // namespace aplc::backend
