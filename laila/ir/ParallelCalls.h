// ParallelCalls: which calls an iteration of a parallel loop may make (the parallel contract,
// laila/ir/Verify.h; laila/lower/SequentialEffects.h makes a loop whose iterations make others
// sequential).
//
// - A runtime call (a `Call` of a function in laila/ir/Calls.def): when its effects allow it
//   whatever its arguments (laila::callAllowedInParallel), or when its one effect beyond those is
//   writing a memory argument that the iteration owns (laila::writtenArgumentOnly: a grade into
//   memory the iteration allocated).
// - A call of one of the program's functions (a recursive APL function: a `Call` of its C name,
//   or a `CallFunction` statement) when the function is safe in parallel, and every inout
//   argument of a CallFunction (an array result's memory, a scalar it assigns) is the
//   iteration's own.
//
// A function is safe in parallel when its body, and the bodies of the functions it calls, do
// nothing one iteration of a parallel loop may not do: no print, and only calls allowed by the
// rules above, its own blocks and variables and its parameters playing the iteration's own. The
// parameters it writes (stores into, fills, frees, moves, or passes to be written) are recorded:
// a call in a parallel loop passes there, as to its inout parameters, only what the iteration
// owns (outlined functions store into the arrays they are given). The set of safe functions is
// the largest one closed under these rules, so mutually recursive functions are safe together. Each thread counts its
// own recursion depth (aplc_recursion_enter, a ThreadState call), and an APL error raised in a
// function called by a threaded iteration is that iteration's (the OpenMP target traps it:
// backend/runtime/aplc_runtime.h, aplc_trap).
#pragma once

#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "laila/ir/IR.h"

namespace aplc::laila {

class ParallelCalls {
 public:
  using Owns = std::function<bool(const Name&)>;  // whether the iteration owns a variable

  explicit ParallelCalls(const std::vector<Function>& functions);

  bool allowed(const Call* call, const Owns& owns) const;
  bool allowed(const CallFunction* call, const Owns& owns) const;
  // Whether the program's function is safe in parallel (above).
  bool safe(const Name& function) const { return safe_.count(function) != 0; }

 private:
  std::set<Name> safe_;
  std::map<Name, std::set<size_t>> writes_;  // the positions of the parameters each function writes
  std::map<std::string, Name> byCallName_;  // functionCallName(f) → f, for functions with a result
};

}  // namespace aplc::laila
