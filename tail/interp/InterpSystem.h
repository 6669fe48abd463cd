// The system primitives of TAIL (tail/ir/Prims.def, "System"): ⍕, file input, random numbers and
// time, through the C runtime so that the interpreter and generated programs agree. `print` is
// in tail/interp/Interp.cpp (it calls the interpreter's print hook).
//
// Random numbers come from one documented generator (the C runtime's aplc_random, which
// generated programs use too), so a program's output is deterministic for
// a given seed (docs/semantics.md): SplitMix64 (Steele, Lea, Flood 2014): state += 0x9E3779B97F4A7C15,
// then z = state; z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9; z = (z ^ (z >> 27)) * 0x94D049BB133111EB;
// z ^ (z >> 31). The default seed is 16807 (Dyalog's initial ⎕RL). Derived values:
//   roll n   = 1 + the first draw below the largest multiple of n, modulo n (rejection: unbiased)
//   rollD    = (draw >> 11) × 2^-53, in [0,1)
//   deal k n = the first k entries of a Fisher–Yates shuffle of 1..n, position i (0-based, i < k)
//              swapped with position i + roll(n - i) - 1.
#pragma once

#include <cstdint>
#include <unordered_map>

#include "tail/interp/Value.h"

namespace aplc::tail::interp {

inline constexpr uint64_t kDefaultRandomSeed = 16807;

class Random {
 public:
  explicit Random(uint64_t seed) { aplc_random_init(&state_, seed); }
  uint64_t next();
  // A uniform integer in 1..n; DOMAIN ERROR if n <= 0.
  int64_t roll(int64_t n);
  // A uniform double in [0, 1).
  double rollDouble();
  // k distinct integers from 1..n in random order; DOMAIN ERROR if k < 0, k > n.
  Array deal(int64_t k, int64_t n);

 private:
  aplc_random state_;  // the C runtime's generator: generated programs draw the same numbers
};

// ⍕ of a scalar or vector as a character vector (aplc_format). RANK ERROR for rank ≥ 2: TAIL's
// `format` returns [char]1.
Array formatValue(const Array& a, aplc_style style);
// ⍕ of an array of rank ≥ 1 (TAIL's formatM): a character array of the rank of a, as aplc_format
// lays it out (rows of the same width). RANK ERROR for a scalar, whose rank formatM cannot keep.
Array formatArray(const Array& a, aplc_style style);

// ⎕ReadFile, ⎕ReadIntVecFile, ⎕ReadDoubleVecFile: the file named by a character vector. FILE
// ERROR when it cannot be read, DOMAIN ERROR for bad contents.
Array readFile(const Array& path);
Array readIntVecFile(const Array& path);
Array readDoubleVecFile(const Array& path);

// Milliseconds since the program started (aplc_elapsed_ms).
int64_t nowMs();

}  // namespace aplc::tail::interp
