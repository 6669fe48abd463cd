// The scalar primitives of TAIL (the "Scalar" groups of tail/ir/Prims.def: integer, double, boolean,
// comparison and conversion operations) on interpreter Scalars.
//
// Semantic decisions (docs/semantics.md has the full list):
// - Integer overflow is checked: addi, subi, muli, powi, negi, absi whose exact result does not
//   fit in 64 bits raise DOMAIN ERROR (APL has no wrapping integers; Dyalog would switch to
//   floating point, which TAIL's static types cannot).
// - divi truncates toward zero; divi(x,0) and divi(min,-1) are DOMAIN ERRORs. divd: 0/0 = 1,
//   x/0 a DOMAIN ERROR. resi/resd are APL's residue with the sign of the left argument, 0|y = y.
// - floor, ceil, d2i and comparisons are exact (no comparison tolerance); converting NaN, ±∞ or a
//   value outside the 64-bit range to int is a DOMAIN ERROR.
// - A double operation whose result is NaN although no argument was NaN (√ of a negative via
//   powd, asin 2, ∞-∞) is a DOMAIN ERROR: APL would need complex numbers or has no answer.
// - The bitwise operations act on the 64-bit two's complement values; for arguments in the
//   32-bit range this is exactly ⎕INT32AND/OR/XOR. Shifts take the low 32 bits and give a
//   sign-extended 32-bit result; a count of 32 or more shifts everything out; a negative count is
//   a DOMAIN ERROR.
#pragma once

#include "tail/ir/Prim.h"
#include "tail/interp/Value.h"

namespace aplc::tail::interp {

// True for the primitives of the scalar groups (each argument and the result a Scalar).
bool isScalarPrim(Prim op);

// Applies a scalar primitive to primArity(op) arguments. Errors are RuntimeErrors without a
// location (the caller attaches the primitive's).
Scalar applyScalar(Prim op, const Scalar* args);

// The exact sum of integers, for addi reductions (+/): a DOMAIN ERROR exactly when the
// mathematical sum does not fit in 64 bits, whatever the order of the additions
// (docs/semantics.md). It is kept as the wrapped (two's complement) sum and the number of times
// it wrapped, up (+1) or down (-1): the exact sum is wrapped + wraps * 2^64, which fits exactly
// when wraps is 0. The compiled code (laila/lower/LowerFold.cpp) keeps the same two values.
class ExactSum {
 public:
  explicit ExactSum(int64_t start) : wrapped_(start) {}
  void add(int64_t x) {
    // Two non-negatives wrap to a negative (up), two negatives to a non-negative (down).
    if (__builtin_add_overflow(wrapped_, x, &wrapped_)) wraps_ += x >= 0 ? 1 : -1;
  }
  // The sum; the interpreter's addition overflow error (without a location) when it does not fit.
  int64_t value() const;

 private:
  int64_t wrapped_;
  int64_t wraps_ = 0;
};

}  // namespace aplc::tail::interp
