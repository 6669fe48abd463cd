// BoolConversions: int→double conversions of boolean masks become selects.
//
// APL computes with booleans as numbers: mandelbrot's `(inside×zzx) + (1-inside)×zx` lowers to
// `i2d(b2i(c)) * zzx + i2d(1 - b2i(c)) * zx`. A conversion from a 64-bit integer is a
// long-latency instruction with no SIMD form before AVX-512, on the critical path of such loops;
// a select between two constants is a mask. This pass rewrites
//   i2d(e)  →  select(c, (double) e[c := true], (double) e[c := false])
// when the integer e is a function of one boolean c alone: b2i(c) combined with integer
// constants by + − × min max and negation, reached through variables declared once. Both sides
// are exactly the same double (a small integer converts exactly), so nothing else changes.
//
// Pre: a well-formed program (laila::verify). Post: the same program, computing the same values,
// with such conversions replaced (the integer steps they read may become dead code).
#pragma once

#include "laila/ir/IR.h"

namespace aplc::laila {

Program boolConversions(const Program& p);

}  // namespace aplc::laila
