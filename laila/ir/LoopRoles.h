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

// The base name of the loop variables of a per-point power's lanes (laila/lower/LowerPowerPerPoint.cpp):
// loops over the points of one tile, at most a target's powerTileWidth of them, run by each
// iteration of the power. laila/passes/LaneInvariants.h computes once per tile what their
// bodies compute the same in every iteration.
inline constexpr const char* kLaneLoopBase = "lane";

// The base name of the loop variables of the loops that fold the partial results of a reduction
// streamed into a parallel producer (laila/passes/StreamReductions.h): they are never streamed
// back into it (which would make partial results of partial results, for ever).
inline constexpr const char* kPartialsLoopBase = "partial";

inline bool isColdLoop(const For* loop) { return loop->var.name.base == kColdLoopBase; }
inline bool isValidationLoop(const For* loop) { return loop->var.name.base == kValidationLoopBase; }
inline bool isLaneLoop(const For* loop) { return loop->var.name.base == kLaneLoopBase; }
inline bool isPartialsLoop(const For* loop) { return loop->var.name.base == kPartialsLoopBase; }

}  // namespace aplc::laila
