// DeadCode: declarations of scalars that nothing reads are removed, and memory that nothing reads.
//
// The lowering binds every step of an element's computation to a variable, and the passes after
// it leave some unread: FloorDivision replaces a double computation by an integer one,
// BoolConversions an integer mask by a select. The C compiler would drop them, but the dumps
// (--emit=laila, --emit=c) are read by people, so they are removed here. A declaration goes when
// its variable is never read nor assigned and its initializer has no effect (no call with an
// effect: laila::callHasEffect, laila/ir/Calls.def); removing one may leave the variables it read unread, so the
// pass repeats until nothing changes.
//
// Memory that a body allocates and then only stores to, fills and frees (never loaded, printed,
// passed to a call or a function, moved) is removed with those statements, unless a store's
// index or value has an effect. A per-point power keeps each field of its final state in
// memory of its own, and mandelbrot reads only the count plane: the other two planes go.
//
// Pre: a well-formed program (laila::verify). Post: the same program without those declarations.
#pragma once

#include "laila/ir/IR.h"

namespace aplc::laila {

Program removeDeadCode(const Program& p);

}  // namespace aplc::laila
