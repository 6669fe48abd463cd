// InterchangeLoops: a dot product whose inner loop walks a column runs row by row.
//
// A matrix product lowers to, for each row i,
//   parallel for j { acc = init; for k { … x = …b[k*n + j]…; acc = x + acc; } c[i*n + j] = acc; }
// whose k loop reads b down a column: a stride of n items, a cache line per multiply. This pass
// makes such a j loop
//   parallel for j' { c[i*n + j'] = init; }
//   for k { parallel for j { … x = …b[k*n + j]…; c[i*n + j] = x + c[i*n + j]; } }
// keeping the partial sums in the result's own row, so the inner loop walks b's row k. Every
// c[i,j] receives the same operations on the same values in the same order (k's), so the bits
// are the sequential program's.
//
// It applies when (laila::verify's contract for parallel loops makes the rest sound):
//   - the j loop is parallel, and its body is exactly: the accumulator's declaration, the k loop
//     (sequential, or a reduction into the accumulator), and the store of the accumulator;
//   - the k loop's body only declares scalars and assigns the accumulator, reads no memory the
//     store writes, calls only pure functions, and checks nothing (an error would be found in
//     another order); its bounds do not depend on j;
//   - some load in it walks a column: its index moves by 1 per j and by 16 items or more per k
//     (or by a length known only at run time), and the j loop has 16 iterations or more (or a
//     number known only at run time). A shorter stride (a k×3 matrix) reuses cache lines.
// A second form takes the loops the first does not: several accumulators (an integer sum keeps
// its wrapped value and its count of wraps, laila/lower/LowerFold.cpp), declarations before
// them that the k loops do not read, and code after the k loops (the sum's overflow check,
// arithmetic on the sums, the stores):
//   parallel for j { p = …; acc = 0; wraps = 0; for k { … acc, wraps … }; check(wraps == 0); c[…] = f(p, acc); }
// becomes, with a row of memory per accumulator,
//   parallel for j' { accRow[j'] = 0; wrapsRow[j'] = 0; }
//   for k { parallel for j { … accRow[j], wrapsRow[j] … } }
//   parallel for j { p = …; acc = accRow[j]; wraps = wrapsRow[j]; check(wraps == 0); c[…] = f(p, acc); }
// The accumulators start from constants; the code after writes no memory the k loops read. Checks run for each j in order after all sums, as before after each
// one's sum: the k loops report nothing (k-means' `(⍉onehot)+.×p`: 1.17 s → 0.48 s).
// CPU targets only: on a GPU each (i, j) is a work item of its own, which this would take away.
//
// Pre: a well-formed program (laila::verify). Post: the same values; matched j loops replaced.
#pragma once

#include "laila/ir/IR.h"

namespace aplc::laila {

Program interchangeLoops(const Program& p);

}  // namespace aplc::laila
