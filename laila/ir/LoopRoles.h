// LoopRoles: the loops the lowering marks by their variable's base name, so that later passes
// and analyses can tell them apart without a field in For.
#pragma once

#include "laila/ir/IR.h"

namespace aplc::laila {

// The base name of the loop variables of cold validations (Lowerer::check): loops that run only
// on the way to an error. They are not split (nor the loops inside them): splitting them would
// multiply code that is never on the happy path; and they are no work of the loop around them
// (laila/analysis/Cost.h).
inline constexpr const char* kColdLoopBase = "cold";
// The base name of the loop variables of validations on the happy path (Lowerer::validate: an
// unread let's elements computed for their checks only, before a statement that may fail).
// They are split like other loops; laila/passes/ColdBranches.h keeps all the cold branches in them.
inline constexpr const char* kValidationLoopBase = "valid";

inline bool isColdLoop(const For* loop) { return loop->var.name.base == kColdLoopBase; }
inline bool isValidationLoop(const For* loop) { return loop->var.name.base == kValidationLoopBase; }

}  // namespace aplc::laila
