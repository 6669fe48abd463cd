// The targets as data (see Targets.h).
#include "driver/Targets.h"

#include <memory>
#include <string_view>
#include <vector>

#include "backend/memory/MemoryPasses.h"
#include "support/Diagnostics.h"

namespace aplc::driver {

namespace {

// CPU targets (sequential C; OpenMP, which runs the same loops on several cores): loops are cut
// where a comparison of their variable changes (branch-free pieces), and per-point powers run
// over tiles of 16 points whose independent chains overlap in one core. This is the sequential
// C target's list, whose loops all run their iterations one after another: loops fuse in order
// (reductions and scans with the loops that feed and read them).
const std::vector<const char*> kCpuPasses = {
    "versionLoops",        "simplify",          "splitLoops",        "simplify after splitLoops",
    "joinEqualSegments",   "eliminateChecks",   "capColdBranches",   "floorDivision",
    "boolConversions",     "removeDeadCode",    "recomputeArrays",   "interchangeLoops",
    "hoistInvariants",     "reuseCommonValues", "streamReductions",  "fuseLoopsInOrder",
    "reuseCommonValues after fuseLoops",
    "contractArrays",      "hoistLaneInvariants", "hoistAllocations", "updateInPlace",
    "freeEarly",           "updateStateInPlace",  "elideCopies",         "shortCircuitCopies",
    "reuseBlocks",         "outline",             "mergeFunctions",      "placePrivateArrays",
};

// OpenMP: the CPU's passes, except that outermost parallel loops are not split (each would be a
// parallel region, or a piece run alone while the team waits), only loops of one kind fuse
// (a reduction or scan fused into a sequential loop would not run on the team) and a reduction
// streamed into its producer keeps a partial result per iteration of the producer's outermost
// loop, which stays parallel; then each outermost parallel loop is a function of its own,
// which the C generator runs on a thread team or directly (laila/passes/Outline.h).
std::vector<const char*> openMpPasses() {
  std::vector<const char*> passes = kCpuPasses;
  for (const char*& pass : passes) {
    if (std::string_view(pass) == "streamReductions") pass = "streamReductionsInParallel";
    if (std::string_view(pass) == "splitLoops") pass = "splitLoopsInsideParallel";
    if (std::string_view(pass) == "fuseLoopsInOrder") pass = "fuseLoops";
  }
  passes.insert(passes.end() - 1, "outlineParallelLoops");  // before placePrivateArrays, which stays last
  return passes;
}

// GPUs (OpenCL): every parallel loop becomes a kernel, so a split outermost loop would be several
// kernels where one does (splitLoopsInsideParallel splits only the loops inside a kernel's work
// item, signal's 1024 items of a block of its sum: no test of the rotation's edge per item), and a work item computes one point of a per-point power (its registers are
// the tile); nested parallel loops are one loop, a work item per pair (collapseLoops). The other
// passes are the CPU's. elideCopies' moves inside host code are marked written by the names that
// hold the arrays afterwards (backend/opencl/OpenCLGen.cpp, hostStatement). Last, the
// allocations of a parallel loop's iterations become parts of one block the host allocates
// (expandAllocations, backend/memory/Expansion.h), so that the loop can be a kernel.
const std::vector<const char*> kGpuPasses = {
    "versionLoops",     "collapseLoops",     "simplify",         "splitLoopsInsideParallel",
    "simplify after splitLoops",             "joinEqualSegments", "eliminateChecks",
    "capColdBranches",  "floorDivision",     "boolConversions",  "splitReductions", "removeDeadCode",
    "recomputeArrays",  "hoistInvariants",   "reuseCommonValues", "fuseLoops",
    "reuseCommonValues after fuseLoops",     "contractArrays",    "hoistAllocations",
    "updateInPlace",    "freeEarly",         "updateStateInPlace", "elideCopies", "shortCircuitCopies",
    "reuseBlocks",      "outline",           "mergeFunctions",    "expandAllocations",
};

// The passes that plan memory (what --alloc=naive leaves out).
bool plansMemory(std::string_view pass) {
  return pass == "recomputeArrays" || pass == "streamReductions" || pass == "streamReductionsInParallel" ||
         pass == "contractArrays" || pass == "shortCircuitCopies" || pass == "updateStateInPlace" || pass == "elideCopies" || pass == "reuseBlocks" || pass == "hoistAllocations" || pass == "updateInPlace" || pass == "freeEarly";
}

std::vector<const laila::Pass*> resolve(const std::vector<const char*>& names, bool naiveMemory) {
  std::vector<const laila::Pass*> passes;
  for (const char* name : names) {
    if (naiveMemory && plansMemory(name)) continue;
    const laila::Pass* pass = laila::findPass(name);
    if (!pass) pass = memory::findMemoryPass(name);
    if (!pass) internalError(__FILE__, __LINE__, std::string("no Laila pass named '") + name + "'");
    passes.push_back(pass);
  }
  return passes;
}

}  // namespace

const char* targetName(TargetKind kind) {
  switch (kind) {
    case TargetKind::C: return "c";
    case TargetKind::OpenMP: return "omp";
    case TargetKind::OpenCL: return "opencl";
  }
  return "c";
}

laila::Target describeTarget(TargetKind kind, bool naiveMemory) {
  laila::Target t;
  t.name = targetName(kind);
  bool gpu = kind == TargetKind::OpenCL;
  t.powerTileWidth = gpu ? 1 : 16;
  t.blockedScans = kind == TargetKind::OpenMP ? laila::Target::BlockedScans::WhenThreaded
                  : gpu                       ? laila::Target::BlockedScans::Always
                                              : laila::Target::BlockedScans::Never;
  t.runsLoopsAtOnce = kind != TargetKind::C;
  t.streamsReductions = !gpu && !naiveMemory;
  t.looksUpInLoops = !gpu;
  t.passes = resolve(gpu ? kGpuPasses : kind == TargetKind::OpenMP ? openMpPasses() : kCpuPasses, naiveMemory);
  // Below three threads an OpenMP program runs what the sequential target makes, where its
  // lowering chose forms by threads (laila/lower/SequentialVersion.h).
  if (kind == TargetKind::OpenMP)
    t.sequentialVersion = std::make_shared<const laila::Target>(describeTarget(TargetKind::C, naiveMemory));
  return t;
}

std::string passList(const laila::Target& target) {
  std::string list;
  for (const laila::Pass* p : target.passes) list += (list.empty() ? "" : ", ") + std::string(p->name);
  return list;
}

}  // namespace aplc::driver
