// The structural array primitives of TAIL (tail/ir/Prims.def, "Arrays: structure" and the shape-
// vector group) on interpreter Arrays: everything that moves elements without calling a function.
//
// Conventions (those of the table): indices and axis numbers are 1-origin; the "last axis" ops
// (reverse, rotate, cat, cons, snoc, compress, replicate) work on the rows of the array seen as a
// matrix (product of the leading extents) × (last extent); the "first axis" ops (take, drop,
// vreverse, vrotate) on items, each a cell of the remaining axes. Fill elements pad.
// Errors are RuntimeErrors without a location (the interpreter attaches the primitive's).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tail/interp/Value.h"

namespace aplc::tail::interp {

// A shape for error messages: "2 3", or "(scalar)".
std::string shapeText(const std::vector<int64_t>& shape);

// 1, 2, ..., n; DOMAIN ERROR if n < 0.
Array iota(int64_t n);
// APL ⍴: the elements of `a` in row-major order, cycled; fill elements when `a` is empty.
// DOMAIN ERROR for a negative extent.
Array reshapeCycled(const std::vector<int64_t>& shape, const Array& a);
// The same elements with a new shape; LENGTH ERROR unless the element counts agree.
Array reshapeExact(const std::vector<int64_t>& shape, const Array& a);

Array reverseLast(const Array& a);   // ⌽ (identity on a scalar)
Array reverseFirst(const Array& a);  // ⊖
// n⌽A: rotate left by n along the last axis (right for n < 0); the count is taken modulo the
// extent with a non-negative remainder.
Array rotateLast(int64_t n, const Array& a);
Array rotateFirst(int64_t n, const Array& a);  // n⊖A

Array transpose(const Array& a);  // ⍉: reverse the axes
// p⍉A: old axis k becomes new axis p[k] (1-origin). DOMAIN ERROR unless p is a permutation of
// 1..rank; LENGTH ERROR if p's length is not the rank.
Array transpose2(const std::vector<int64_t>& perm, const Array& a);

// n↑A on the first axis: the first n items, or the last |n| when n < 0, fill-padded at the end
// (n ≥ 0) or at the front (n < 0) when |n| exceeds the length.
Array take(int64_t n, const Array& a);
// n↓A on the first axis: without the first n items, or without the last |n| when n < 0.
Array drop(int64_t n, const Array& a);
// The first element in row-major order, or `otherwise` when `a` is empty.
Scalar first(const Scalar& otherwise, const Array& a);

// Along the last axis; LENGTH ERROR unless the other axes agree.
Array catLast(const Array& a, const Array& b);
Array consLast(const Array& x, const Array& a);  // x has a's shape without its last axis
Array snocLast(const Array& a, const Array& x);
// b/A (LENGTH ERROR unless b's length is the last extent) and n/A (also DOMAIN ERROR for n < 0).
Array compress(const Array& mask, const Array& a);
Array replicate(const Array& counts, const Array& a);

// index(d, i, A): A cut at position i of axis d (both 1-origin); INDEX ERROR when out of range.
Array indexAxis(int64_t d, int64_t i, const Array& a);
// A copy of `a` with the element at the 1-origin index vector `index` replaced by `x`;
// INDEX ERROR when out of range, LENGTH ERROR if the index vector's length is not the rank.
Array update(const Array& a, const std::vector<int64_t>& index, const Scalar& x);

// ⍋ / ⍒ of a vector: the 1-origin permutation sorting it, stable (equal elements keep their
// order). Doubles order NaN after every number.
Array grade(const Array& a, bool descending);
// L⍳R on vectors of one element kind (TAIL indexOf), through the runtime's hashed search.
Array indexOfVectors(const Array& left, const Array& right);

}  // namespace aplc::tail::interp
