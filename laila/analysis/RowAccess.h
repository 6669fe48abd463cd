// RowAccess: whether a loop over i touches an array only in row i.
//
// A loop `for i in lo..hi` reads or writes memory m in rows when every access is `m[i*R + e]`
// with 0 ≤ e < R provable from the ranges of the loop's variables and the values of its
// never-assigned ints (laila/passes/Simplify.h), for one width R that no iteration changes:
// iteration i touches the elements [i*R, i*R + R) and no other iteration does. The identity
// `index = i*R + e` is checked on the simplifier's canonical form, with R and e found by
// setting i to 0 and 1; e may depend on i through other variables, since only its range matters.
//
// Vertical loop fusion (FuseLoops) runs a consumer's iteration i right after the producer's when
// both touch the arrays between them in rows of one width; array contraction (ContractArrays)
// gives each iteration a buffer of one row when nothing else touches the array.
#pragma once

#include <optional>

#include "laila/ir/IR.h"

namespace aplc::laila {

// R, when the loop's body touches `memory` only by loads and stores in rows of width R (and at
// least once); empty when any access is not provably in its row, or the body passes the memory
// to a call, moves, fills, allocates or frees it.
std::optional<Expr> rowWidth(const For& loop, const Name& memory);

// e of an access `m[index]` in rows of width R of the loop over i: index - i*R, simplified.
Expr offsetInRow(const Expr& index, const Var& i, const Expr& width);

}  // namespace aplc::laila
