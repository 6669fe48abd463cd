// HoistAllocations: memory that a sequential loop allocates and frees in every iteration, with
// a size the loop does not change, is allocated once before the loop and freed after it
// (FUNMEM's allocation hoisting, seeds/000_*): the iterations reuse one block instead of
// calling malloc and free each time.
//
// Hoisted: an `Allocate m n` and its `Free m`, both statements of the loop body's own block
// (so each runs exactly once per iteration, the allocation first), where n reads no memory and
// no variable the loop declares or assigns, and m is never moved (no Assign names it). The
// block is uninitialised memory either way, so reusing it changes nothing the program can see.
// Parallel loops are left alone (one shared block would serialise their iterations). Inner
// loops are treated first, so an allocation can rise through several sequential loops.
//
// Pre: a well-formed program (laila::verify, frees placed). Post: the same, still well formed.
#pragma once

#include "laila/ir/IR.h"

namespace aplc::laila {

Program hoistAllocations(const Program& program);

}  // namespace aplc::laila
