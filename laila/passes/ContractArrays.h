// ContractArrays: an array that one loop writes and reads row by row, and nothing else touches,
// becomes one row per iteration (array contraction): a buffer of the row's width allocated in
// the loop's body, or scalars where every access is at a constant place in the row.
//
// After vertical fusion (FuseLoops), k-means's `d ← p+.{(⍺-⍵)×⍺-⍵}⍉⍵` (N×K distances),
// `⌊/d` (N minima) and `∧\d≠…` (N×K) are written and read in one loop over the N points, each
// iteration in its own row: the N×K arrays the program held become K doubles and K booleans per
// point, and the minima one double.
//
// In a block
//
//   [T] m = alloc T[n];  …  for i in lo..hi { … m[i*R + e] … }  …  free m;
//
// m is contracted when:
//   - the loop is parallel or sequential (no accumulator), and it touches m only by loads and
//     stores in rows of one width R (laila/analysis/RowAccess.h); R is invariant in the loop;
//   - nothing between the allocation and the loop mentions m, and after the loop nothing in the
//     block mentions m but its one free; m is never moved.
// Each iteration touches only its row, which no iteration before it and no statement outside
// touches: a read sees what the same iteration wrote before it, as it did in the whole array.
// The loop's body becomes `T m_e = 0; …` for each e when every e is a constant, with loads
// reading and stores assigning it; else `{ [T] m = alloc T[R]; body with m[i*R + e] as m[e];
// free m; }` when R is a constant small enough for private memory (laila/analysis/
// PrivateMemory.h: an automatic array in C, a private array in OpenCL kernels). A row from the
// heap would cost a malloc per iteration, and keep an OpenCL loop on the host: not done.
//
// Pre: a well-formed program with unique names, frees placed at the ends of their blocks (before
// freeEarly). Post: the same program, whose peak memory is smaller; what it prints is unchanged.
#pragma once

#include "laila/ir/IR.h"

namespace aplc::laila {

Program contractArrays(const Program& program);

}  // namespace aplc::laila
