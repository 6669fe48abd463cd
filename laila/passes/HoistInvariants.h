// HoistInvariants: loop-invariant integer and boolean expressions bound before their loop.
//
// The lowering writes index arithmetic inline: an element of a catenation of a take of a drop
// reads `(0 <= s ? 0 : n - (0 <= s ? s : -s)) * m + ...`, whose shape parts do not change in
// the loop, and it repeats them in every read, every branch and every copy of a split loop.
// The C compiler hoists them too, but only after parsing and optimising every copy: on
// programs like apltail's inv.apl they were most of the C text and of its compile time. This
// pass binds every maximal invariant subexpression of a For loop's body (of at least
// kMinHoistedNodes nodes) to a fresh variable declared just before the loop; equal
// expressions share one variable. Outer loops go first, so what does not depend on an inner
// loop's enclosing iterations leaves the whole nest.
//
// Only expressions that are safe to evaluate when the loop runs no iteration or the branch
// holding them is not taken are moved: int and bool values without memory reads, calls,
// divisions or remainders (a divisor guarded by a branch may be 0), shifts, or conversions
// from double.
//
// Pre: a well-formed program with unique names. Post: the same computation, well formed, names
// still unique (fresh tags above every tag in the program).
#pragma once

#include "laila/ir/IR.h"

namespace aplc::laila {

Program hoistInvariants(const Program& program);

}  // namespace aplc::laila
