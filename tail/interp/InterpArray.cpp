// The structural array primitives: each computes, for every element of the result, which element
// of the source it comes from (or the fill), and copies it with Array::copyElement.
#include "tail/interp/InterpArray.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>

#include "support/Diagnostics.h"

namespace aplc::tail::interp {

std::string shapeText(const std::vector<int64_t>& shape) {
  std::string s;
  for (size_t k = 0; k < shape.size(); ++k) s += (k ? " " : "") + std::to_string(shape[k]);
  return s.empty() ? "(scalar)" : s;
}

namespace {

// The product of shape[from, to): extents of an existing array, so no overflow (see
// checkedElementCount).
int64_t extentProduct(const std::vector<int64_t>& shape, size_t from, size_t to) {
  int64_t p = 1;
  for (size_t k = from; k < to; ++k) p *= shape[k];
  return p;
}

// An array of rank ≥ 1 seen as rows × last.
struct Rows {
  int64_t rows, last;
};
Rows rowsOf(const Array& a) {
  APLC_INTERNAL_CHECK(a.rank() >= 1, "a last-axis primitive on a scalar");
  return {extentProduct(a.shape(), 0, a.rank() - 1), a.shape().back()};
}

// An array of rank ≥ 1 seen as items × cell.
struct Items {
  int64_t items, cell;
};
Items itemsOf(const Array& a) {
  APLC_INTERNAL_CHECK(a.rank() >= 1, "a first-axis primitive on a scalar");
  return {a.shape()[0], extentProduct(a.shape(), 1, a.rank())};
}

std::vector<int64_t> withLast(std::vector<int64_t> shape, int64_t last) {
  shape.back() = last;
  return shape;
}

std::vector<int64_t> withFirst(std::vector<int64_t> shape, int64_t first) {
  shape.front() = first;
  return shape;
}

// |n| as a count, LIMIT ERROR for the one value whose magnitude does not fit.
int64_t magnitude(int64_t n) {
  if (n == INT64_MIN) raise(APLC_LIMIT_ERROR, "a count of magnitude 2^63");
  return n < 0 ? -n : n;
}

// The non-negative remainder of n modulo m > 0.
int64_t modulo(int64_t n, int64_t m) {
  int64_t r = n % m;
  return r < 0 ? r + m : r;
}

// Copies item `from` of `src` (a cell of `cell` elements) to item `to` of `dst`.
void copyItem(Array& dst, int64_t to, const Array& src, int64_t from, int64_t cell) {
  for (int64_t k = 0; k < cell; ++k) dst.copyElement(to * cell + k, src, from * cell + k);
}

// Row-major strides of a shape.
std::vector<int64_t> stridesOf(const std::vector<int64_t>& shape) {
  std::vector<int64_t> strides(shape.size(), 1);
  for (size_t k = shape.size(); k-- > 1;) strides[k - 1] = strides[k] * shape[k];
  return strides;
}

// The result of shape `shape` whose element at index j is the source element at
// Σ_q j[q] * sourceStride[q]: the transpositions.
Array gatherStrided(const Array& a, const std::vector<int64_t>& shape, const std::vector<int64_t>& sourceStride) {
  Array r = Array::make(a.kind(), shape);
  std::vector<int64_t> index(shape.size(), 0);
  int64_t source = 0;
  for (int64_t k = 0; k < r.size(); ++k) {
    r.copyElement(k, a, source);
    // Odometer: advance the last axis, carrying into earlier ones.
    for (size_t q = shape.size(); q-- > 0;) {
      if (++index[q] < shape[q]) {
        source += sourceStride[q];
        break;
      }
      source -= (index[q] - 1) * sourceStride[q];
      index[q] = 0;
    }
  }
  return r;
}

}  // namespace

Array iota(int64_t n) {
  if (n < 0) raise(APLC_DOMAIN_ERROR, "iota of a negative number " + std::to_string(n));
  Array r = Array::make(ElemKind::Int, {n});
  for (int64_t k = 0; k < n; ++k) r.set(k, Scalar::ofInt(k + 1));
  return r;
}

Array reshapeCycled(const std::vector<int64_t>& shape, const Array& a) {
  for (int64_t extent : shape)
    if (extent < 0) raise(APLC_DOMAIN_ERROR, "reshape to a negative extent " + std::to_string(extent));
  Array r = Array::make(a.kind(), shape);  // fill elements: the result for an empty source
  if (a.size() == 0) return r;
  for (int64_t k = 0; k < r.size(); ++k) r.copyElement(k, a, k % a.size());
  return r;
}

Array reshapeExact(const std::vector<int64_t>& shape, const Array& a) {
  for (int64_t extent : shape)
    if (extent < 0) raise(APLC_DOMAIN_ERROR, "reshape to a negative extent " + std::to_string(extent));
  if (checkedElementCount(shape) != a.size())
    raise(APLC_LENGTH_ERROR, "reshape0 of " + std::to_string(a.size()) + " elements to shape " + shapeText(shape));
  return a.reshaped(shape);
}

Array reverseLast(const Array& a) {
  if (a.rank() == 0) return a;
  auto [rows, m] = rowsOf(a);
  Array r = Array::make(a.kind(), a.shape());
  for (int64_t row = 0; row < rows; ++row)
    for (int64_t j = 0; j < m; ++j) r.copyElement(row * m + j, a, row * m + (m - 1 - j));
  return r;
}

Array reverseFirst(const Array& a) {
  if (a.rank() == 0) return a;
  auto [n, cell] = itemsOf(a);
  Array r = Array::make(a.kind(), a.shape());
  for (int64_t i = 0; i < n; ++i) copyItem(r, i, a, n - 1 - i, cell);
  return r;
}

Array rotateLast(int64_t n, const Array& a) {
  if (a.rank() == 0 || a.size() == 0) return a;
  auto [rows, m] = rowsOf(a);
  int64_t s = modulo(n, m);
  Array r = Array::make(a.kind(), a.shape());
  for (int64_t row = 0; row < rows; ++row)
    for (int64_t j = 0; j < m; ++j) r.copyElement(row * m + j, a, row * m + (j + s) % m);
  return r;
}

Array rotateFirst(int64_t n, const Array& a) {
  if (a.rank() == 0 || a.size() == 0) return a;
  auto [items, cell] = itemsOf(a);
  int64_t s = modulo(n, items);
  Array r = Array::make(a.kind(), a.shape());
  for (int64_t i = 0; i < items; ++i) copyItem(r, i, a, (i + s) % items, cell);
  return r;
}

Array transpose(const Array& a) {
  std::vector<int64_t> perm(a.rank());
  for (size_t k = 0; k < a.rank(); ++k) perm[k] = static_cast<int64_t>(a.rank() - k);
  return transpose2(perm, a);
}

Array transpose2(const std::vector<int64_t>& perm, const Array& a) {
  size_t rank = a.rank();
  if (perm.size() != rank)
    raise(APLC_LENGTH_ERROR, "transpose needs one axis per dimension: " + std::to_string(perm.size()) +
                                 " axes for rank " + std::to_string(rank));
  std::vector<bool> seen(rank, false);
  for (int64_t p : perm) {
    if (p < 1 || p > static_cast<int64_t>(rank) || seen[static_cast<size_t>(p - 1)])
      raise(APLC_DOMAIN_ERROR, "the axes " + shapeText(perm) + " are not a permutation of 1.." + std::to_string(rank));
    seen[static_cast<size_t>(p - 1)] = true;
  }
  // Old axis k becomes new axis perm[k]-1: it takes its extent there, and a step along that new
  // axis is a step of old axis k's stride in the source.
  std::vector<int64_t> oldStrides = stridesOf(a.shape());
  std::vector<int64_t> shape(rank), sourceStride(rank);
  for (size_t k = 0; k < rank; ++k) {
    auto q = static_cast<size_t>(perm[k] - 1);
    shape[q] = a.shape()[k];
    sourceStride[q] = oldStrides[k];
  }
  return gatherStrided(a, shape, sourceStride);
}

Array take(int64_t n, const Array& a) {
  auto [len, cell] = itemsOf(a);
  int64_t count = magnitude(n);
  Array r = Array::make(a.kind(), withFirst(a.shape(), count));  // fill-padded
  // Result item i is source item i + offset: from the front for n ≥ 0, from the back otherwise.
  int64_t offset = n >= 0 ? 0 : len - count;
  for (int64_t i = 0; i < count; ++i) {
    int64_t from = i + offset;
    if (from >= 0 && from < len) copyItem(r, i, a, from, cell);
  }
  return r;
}

Array drop(int64_t n, const Array& a) {
  auto [len, cell] = itemsOf(a);
  // Compare before subtracting: n may be anything.
  int64_t keep = n >= 0 ? (n >= len ? 0 : len - n) : (n <= -len ? 0 : len + n);
  int64_t offset = n >= 0 ? len - keep : 0;
  Array r = Array::make(a.kind(), withFirst(a.shape(), keep));
  for (int64_t i = 0; i < keep; ++i) copyItem(r, i, a, i + offset, cell);
  return r;
}

Scalar first(const Scalar& otherwise, const Array& a) { return a.size() > 0 ? a.get(0) : otherwise; }

Array catLast(const Array& a, const Array& b) {
  if (a.rank() != b.rank() || !std::equal(a.shape().begin(), a.shape().end() - 1, b.shape().begin()))
    raise(APLC_LENGTH_ERROR, "catenation of shapes " + shapeText(a.shape()) + " and " + shapeText(b.shape()));
  auto [rows, ma] = rowsOf(a);
  int64_t mb = b.shape().back();
  Array r = Array::make(a.kind(), withLast(a.shape(), ma + mb));
  int64_t m = ma + mb;
  for (int64_t row = 0; row < rows; ++row) {
    for (int64_t j = 0; j < ma; ++j) r.copyElement(row * m + j, a, row * ma + j);
    for (int64_t j = 0; j < mb; ++j) r.copyElement(row * m + ma + j, b, row * mb + j);
  }
  return r;
}

namespace {

// x (the shape of `a` without its last axis) as an array with a last axis of length 1.
Array asColumn(const Array& x, const Array& a) {
  if (x.rank() + 1 != a.rank() || !std::equal(x.shape().begin(), x.shape().end(), a.shape().begin()))
    raise(APLC_LENGTH_ERROR, "cannot join an item of shape " + shapeText(x.shape()) + " to an array of shape " +
                                 shapeText(a.shape()));
  std::vector<int64_t> shape = x.shape();
  shape.push_back(1);
  return x.reshaped(shape);
}

}  // namespace

Array consLast(const Array& x, const Array& a) { return catLast(asColumn(x, a), a); }
Array snocLast(const Array& a, const Array& x) { return catLast(a, asColumn(x, a)); }

Array compress(const Array& mask, const Array& a) {
  auto [rows, m] = rowsOf(a);
  if (mask.size() != m)
    raise(APLC_LENGTH_ERROR, "compress with " + std::to_string(mask.size()) + " booleans along an axis of length " +
                                 std::to_string(m));
  std::vector<int64_t> kept;
  for (int64_t j = 0; j < m; ++j)
    if (mask.get(j).i != 0) kept.push_back(j);
  auto out = static_cast<int64_t>(kept.size());
  Array r = Array::make(a.kind(), withLast(a.shape(), out));
  for (int64_t row = 0; row < rows; ++row)
    for (int64_t j = 0; j < out; ++j) r.copyElement(row * out + j, a, row * m + kept[static_cast<size_t>(j)]);
  return r;
}

Array replicate(const Array& counts, const Array& a) {
  auto [rows, m] = rowsOf(a);
  if (counts.size() != m)
    raise(APLC_LENGTH_ERROR, "replicate with " + std::to_string(counts.size()) + " counts along an axis of length " +
                                 std::to_string(m));
  int64_t out = 0;
  for (int64_t j = 0; j < m; ++j) {
    int64_t c = counts.get(j).i;
    if (c < 0) raise(APLC_DOMAIN_ERROR, "replicate with a negative count " + std::to_string(c));
    if (__builtin_add_overflow(out, c, &out) || out > kMaxArrayElements)
      raise(APLC_LIMIT_ERROR, "replicate to more than " + std::to_string(kMaxArrayElements) + " elements");
  }
  Array r = Array::make(a.kind(), withLast(a.shape(), out));
  for (int64_t row = 0; row < rows; ++row) {
    int64_t to = row * out;
    for (int64_t j = 0; j < m; ++j)
      for (int64_t c = counts.get(j).i; c > 0; --c) r.copyElement(to++, a, row * m + j);
  }
  return r;
}

Array indexAxis(int64_t d, int64_t i, const Array& a) {
  auto rank = static_cast<int64_t>(a.rank());
  if (d < 1 || d > rank)
    raise(APLC_INDEX_ERROR, "axis " + std::to_string(d) + " of an array of rank " + std::to_string(rank));
  auto axis = static_cast<size_t>(d - 1);
  int64_t n = a.shape()[axis];
  if (i < 1 || i > n)
    raise(APLC_INDEX_ERROR, "index " + std::to_string(i) + " on axis " + std::to_string(d) + " of length " +
                                std::to_string(n));
  int64_t outer = extentProduct(a.shape(), 0, axis), inner = extentProduct(a.shape(), axis + 1, a.rank());
  std::vector<int64_t> shape = a.shape();
  shape.erase(shape.begin() + static_cast<std::ptrdiff_t>(axis));
  Array r = Array::make(a.kind(), shape);
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t k = 0; k < inner; ++k) r.copyElement(o * inner + k, a, (o * n + (i - 1)) * inner + k);
  return r;
}

Array update(const Array& a, const std::vector<int64_t>& index, const Scalar& x) {
  if (index.size() != a.rank())
    raise(APLC_LENGTH_ERROR, std::to_string(index.size()) + " indices for an array of rank " + std::to_string(a.rank()));
  int64_t flat = 0;
  for (size_t k = 0; k < index.size(); ++k) {
    if (index[k] < 1 || index[k] > a.shape()[k])
      raise(APLC_INDEX_ERROR, "index " + shapeText(index) + " into an array of shape " + shapeText(a.shape()));
    flat = flat * a.shape()[k] + (index[k] - 1);
  }
  Array r = a;      // shares the elements ...
  r.set(flat, x);   // ... until this write copies them (copy on write): `a` is unchanged
  return r;
}

Array grade(const Array& a, bool descending) {
  std::vector<int64_t> order(static_cast<size_t>(a.size()));
  std::iota(order.begin(), order.end(), int64_t{0});
  // A strict weak order on the elements; NaN sorts after every number and equals NaN.
  auto less = [&](int64_t x, int64_t y) {
    Scalar p = a.get(x), q = a.get(y);
    if (p.kind != ElemKind::Double) return p.i < q.i;
    if (std::isnan(p.d) || std::isnan(q.d)) return !std::isnan(p.d) && std::isnan(q.d);
    return p.d < q.d;
  };
  std::stable_sort(order.begin(), order.end(),
                   [&](int64_t x, int64_t y) { return descending ? less(y, x) : less(x, y); });
  for (int64_t& k : order) ++k;  // 1-origin
  return Array::intVector(order);
}

Array indexOfVectors(const Array& left, const Array& right) {
  aplc_array_view l = left.view(), r = right.view();
  std::vector<int64_t> found(static_cast<size_t>(right.size()));
  aplc_gen_index_of(l.type, l.data, left.size(), r.data, right.size(), found.data());
  return Array::intVector(found);
}

}  // namespace aplc::tail::interp
