// Target: what a code generator asks of the lowering and of the Laila passes after it, so that
// choices made for one kind of machine (tiles with private buffers, loop splitting for CPU
// caches and branch-free loops) are not made for every kind. The driver describes each target
// as data (driver/Targets.cpp); the default is the sequential C target.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "laila/passes/Passes.h"

namespace aplc::laila {

struct Target {
  std::string name = "c";
  // A power computed per point (LowerPowerPerPoint.cpp) runs over tiles of this many points
  // whose state lives in small buffers: independent dependence chains overlap on a CPU core.
  // 1: one point per iteration, what one GPU work item computes.
  int64_t powerTileWidth = 16;
  // Scans of a vector by an operator exact in any order (integer +, ⌈ ⌊, bitwise and boolean
  // functions) may run in three passes over blocks, two of them parallel loops (LowerFold.cpp),
  // so that threads or work items share them: Never (a sequential target keeps the one pass,
  // which reads the items once), WhenThreaded (OpenMP: when the loops will run on threads, a
  // run-time test) or Always (OpenCL: the one pass would run on the host, with the array there).
  enum class BlockedScans { Never, WhenThreaded, Always };
  BlockedScans blockedScans = BlockedScans::Never;
  // Whether the target runs the iterations of parallel loops at once (threads, work items).
  // Then a reduction of a long row folds its blocks in a parallel loop that stores each block's
  // partial result in an array, and folds the array after it (LowerFold.cpp); a sequential
  // target folds each block's partial as soon as it is computed: the same values in the same
  // order, without the array.
  bool runsLoopsAtOnce = false;
  // Whether the passes stream reductions into the loops that produce their items
  // (laila/passes/StreamReductions.h). Then a reduction in any order of a per-point power's
  // results, each read at its own index (an integer sum only where it cannot overflow), is one
  // loop from the first item even on a target that runs loops at once: the form that pass moves
  // into the power's loop over the points (with a partial result per iteration of its outermost
  // loop), where blocks of partial results would hold it back.
  bool streamsReductions = false;
  // Whether loops may call the runtime's functions that read memory (they run on the CPU; an
  // OpenCL kernel cannot call the runtime). Then L⍳R builds its hash table of L once and looks
  // each item of R up where the result is read, so neither R nor the result is stored; otherwise
  // one call writes the whole result.
  bool looksUpInLoops = true;
  // A threaded target's description of the program it runs on few threads, or none: a program
  // whose lowering for this target chooses forms by whether loops will run on threads (a blocked
  // scan) is lowered for this one too, and main runs that version below three threads
  // (laila/lower/SequentialVersion.h).
  std::shared_ptr<const Target> sequentialVersion;
  // The Laila passes after lowering, in order.
  std::vector<const Pass*> passes = defaultPasses();

  static std::vector<const Pass*> defaultPasses() {
    std::vector<const Pass*> all;
    for (const Pass& p : allPasses()) all.push_back(&p);
    return all;
  }
};

}  // namespace aplc::laila
