// Passes: the catalogue of Laila passes and the runner (see Passes.h).
#include "laila/passes/Passes.h"

#include <cstdlib>
#include <iostream>
#include <string_view>

#include "laila/analysis/MemoryCheck.h"
#include "laila/passes/BoolConversions.h"
#include "laila/passes/ColdBranches.h"
#include "laila/passes/ContractArrays.h"
#include "laila/passes/CollapseLoops.h"
#include "laila/passes/CommonValues.h"
#include "laila/passes/DeadCode.h"
#include "laila/passes/EarlyFrees.h"
#include "laila/passes/ElimChecks.h"
#include "laila/passes/FloorDivision.h"
#include "laila/passes/FuseLoops.h"
#include "laila/passes/HoistAllocations.h"
#include "laila/passes/HoistInvariants.h"
#include "laila/passes/InPlaceUpdates.h"
#include "laila/passes/InterchangeLoops.h"
#include "laila/passes/LaneInvariants.h"
#include "laila/passes/MergeFunctions.h"
#include "laila/passes/Outline.h"
#include "laila/passes/RecomputeArrays.h"
#include "laila/passes/Simplify.h"
#include "laila/passes/SplitLoops.h"
#include "laila/passes/SplitReductions.h"
#include "laila/passes/StreamReductions.h"
#include "laila/ir/Print.h"
#include "laila/ir/Verify.h"
#include "laila/passes/VersionLoops.h"

namespace aplc::laila {

namespace {

Program simplifyProgram(const Program& p) { return simplify(p); }

}  // namespace

const std::vector<Pass>& allPasses() {
  static const std::vector<Pass> passes = {
      {"versionLoops", "loops that read singleton-extension strides get a version where they are all 1",
       versionLoops},
      {"simplify", "range-aware simplification of indices and conditions", simplifyProgram},
      {"splitLoops",
       "loops whose bodies branch on the loop variable (rotations, catenations, takes) are cut where "
       "the branch changes (CPU: one loop per piece; a GPU would run several kernels)",
       splitLoops},
      {"simplify after splitLoops", "decides the branches in each piece", simplifyProgram},
      {"joinEqualSegments", "pieces the simplifier made the same are one loop again", joinEqualSegments},
      {"eliminateChecks", "value ranges remove the checks and integer divisions they prove", eliminateChecks},
      {"capColdBranches", "at most one check's cold branch per hot loop body", capColdBranches},
      {"floorDivision", "floors of exact quotients as integer divisions", floorDivision},
      {"boolConversions", "int→double conversions of boolean masks as selects", boolConversions},
      {"removeDeadCode", "what the rewrites above left unread", removeDeadCode},
      {"recomputeArrays", "arrays of a few operations on their index alone computed where read, not kept",
       recomputeArrays},
      {"interchangeLoops", "dot products whose inner loop walks a column, row by row (CPU targets)",
       interchangeLoops},
      {"hoistInvariants", "index arithmetic a loop does not change, named once before it", hoistInvariants},
      {"reuseCommonValues", "values and checks computed twice, once", reuseCommonValues},
      {"streamReductions",
       "a reduction in any order over an array, computed where its elements are stored: the array goes "
       "(sequential C)",
       streamReductions},
      {"fuseLoopsInOrder",
       "sibling loops over one range that read the same memory, and loops that read the rows an "
       "earlier one writes, one loop; loops of every kind, as every loop runs in order (sequential C)",
       fuseLoopsInOrder},
      {"reuseCommonValues after fuseLoops", "what the fused bodies both compute, once", reuseCommonValues},
      {"contractArrays", "an array one loop writes and reads row by row, one row per iteration",
       contractArrays},
      {"hoistLaneInvariants",
       "what a per-point power's lanes compute the same in every iteration, once per tile (CPU targets)",
       hoistLaneInvariants},
      {"hoistAllocations", "allocations of invariant size out of sequential loops", hoistAllocations},
      {"updateInPlace", "an element-wise result written over an operand that dies with its loop", updateInPlace},
      {"freeEarly", "memory freed right after its last use, not where its scope ends", freeEarly},
      {"outline", "large bodies cut into functions of bounded size (the C compiler's time)", outline},
      {"mergeFunctions", "functions equal up to names and constants, one (the constants that differ passed)",
       mergeFunctions},
  };
  return passes;
}

const std::vector<Pass>& targetSpecificPasses() {
  static const std::vector<Pass> passes = {
      {"splitLoopsInsideParallel",
       "splitLoops, but outermost parallel loops stay whole (OpenMP: one region, every iteration on "
       "the team; the loops inside still split)",
       splitLoopsInsideParallel},
      {"fuseLoops",
       "fuseLoopsInOrder for targets that run loops at once: only loops of one kind fuse, and only "
       "parallel loops take the next one's rows",
       fuseLoops},
      {"streamReductionsInParallel",
       "streamReductions for targets that run loops at once: the producer's outermost loop stays "
       "parallel, each iteration's partial results in an array (OpenMP)",
       streamReductionsInParallel},
      {"splitReductions",
       "few parallel iterations of long reductions exact in any order, also parallel over the "
       "reductions' blocks (GPU: enough work items)",
       splitReductions},
      {"collapseLoops",
       "a parallel loop whose body is one parallel loop, one loop over both (GPU: a work item per pair)",
       collapseLoops},
      {"outlineParallelLoops",
       "each outermost parallel loop a function of its own (OpenMP: run on a thread team or directly, one copy)",
       outlineParallelLoops},
  };
  return passes;
}

const Pass* findPass(std::string_view name) {
  for (const std::vector<Pass>* list : {&allPasses(), &targetSpecificPasses()})
    for (const Pass& p : *list)
      if (name == p.name) return &p;
  return nullptr;
}

bool verifyEachPass() {
  const char* v = std::getenv("APLC_VERIFY_EACH_PASS");
  return v && *v && std::string_view(v) != "0";
}

Program runPasses(Program program, const std::vector<const Pass*>& passes) {
  VerifyOptions strict;
  strict.requireFrees = true;
  bool each = verifyEachPass();
  // $APLC_LAILA_BEFORE=PASS prints the program on stderr before each run of that pass: what it
  // was given, for whoever studies or debugs it.
  const char* before = std::getenv("APLC_LAILA_BEFORE");
  for (const Pass* pass : passes) {
    if (before && pass->name == std::string_view(before)) std::cerr << "// before " << pass->name << "\n" << toString(program);
    program = pass->run(program);
    if (each || pass == passes.back()) {
      std::string after = each ? pass->name : "the Laila passes";
      verifyOrThrow(program, after, strict);
      checkMemoryOrThrow(program, after);
    }
  }
  return program;
}

}  // namespace aplc::laila
