// The functions a Laila `Call` may name and their effects: the table in laila/ir/Calls.def.
#pragma once

#include <optional>
#include <string>

namespace aplc::laila {

// What a call does besides computing its result (laila/ir/Calls.def describes each flag).
enum CallEffect : unsigned {
  Pure = 0,
  ReadsMemory = 1u << 0,
  WritesMemory = 1u << 1,
  State = 1u << 2,
  Io = 1u << 3,
  Random = 1u << 4,
  Allocates = 1u << 5,
  ThreadState = 1u << 6,
};

// The effects a call of this function has; empty if the function is not in Calls.def.
std::optional<unsigned> callEffects(const std::string& function);

// The flags as text: "pure", or names joined by '|' ("writes memory|random").
std::string callEffectsText(unsigned effects);

// Whether a call may be dropped when its result is unread, and run in a parallel loop: its
// effects are at most ReadsMemory | Allocates. True (conservatively) for a function not in the
// table, which the verifier rejects.
bool callHasEffect(const std::string& function);

// Whether a call may run in a parallel loop's iterations, whatever its arguments: its effects
// are at most ReadsMemory | Allocates | ThreadState (the recursion depth of the calling thread).
bool callAllowedInParallel(const std::string& function);

// The position of the memory argument a call writes (Calls.def's `written`), when writing it is
// the call's only effect beyond ReadsMemory | Allocates: a grade into its result, the hash
// table of ⍳. Such a call is allowed in a parallel loop when that argument is memory the
// iteration allocated itself (laila/lower/SequentialEffects.h, laila/ir/Verify.h). nullopt for
// every other call.
std::optional<size_t> writtenArgumentOnly(const std::string& function);

}  // namespace aplc::laila
