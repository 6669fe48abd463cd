// SequentialVersion: a second version of a threaded target's program, for few threads.
//
// The OpenMP target's lowering chooses some forms at run time by whether the loops will run on
// threads: a scan exact in any order is three passes over blocks on threads and one pass alone
// (`aplc_parallel_will_thread`, laila/lower/LowerFold.cpp). The choice stands between the scan and
// the loops around it, and the OpenMP passes keep parallel loops apart from sequential ones
// (fuseLoops), so the scan is fused neither with the loop that makes its items nor with the loops
// that read it, where the sequential target's passes make all of it one loop (fuseLoopsInOrder).
// Measured on the 2-core VM: streak (two scans of 2·10⁷ items) took 1.45 s on one thread and 0.81 s
// on two, against 0.52 s for the sequential target's program; `+\` and `⌈\` of 10⁷ items, 0.58 s
// on two threads against 0.26 s. Threaded, such a program does over twice the sequential one's
// work, so it can only gain from three threads on.
//
// Such a program is lowered a second time for the target's sequential description
// (Target::sequentialVersion: the C target's pipeline), and main runs that version when the
// program has fewer threads than that (`aplc_parallel_runs_sequential_version()`,
// backend/runtime/parallel.c; $APLC_PARALLEL_VERSION_THREADS, default 3). Both versions are in the
// generated C, so its C is about twice as long; programs whose lowering makes no such choice keep
// one version.
#pragma once

#include "laila/ir/IR.h"

namespace aplc::laila {

// Whether the program chooses a form by `aplc_parallel_will_thread` anywhere.
bool choosesByThreads(const Program& program);

// `threaded`, whose main runs `sequential` instead when the program has few threads. The
// sequential version's names and functions get fresh tags above every tag of `threaded` (names
// are unique per program).
Program withSequentialVersion(Program threaded, Program sequential);

}  // namespace aplc::laila
