// Hybrid pull arrays: the element orders of transp, transp2, reshape, take, drop, rotate and their
// compositions, read through the index functions at constant indices (the smart constructors
// fold the index arithmetic, so every element comes out as a constant), in both forms.
#include <gtest/gtest.h>

#include "laila/lower/PullArray.h"

namespace {

using namespace aplc::laila;

// An int array of this shape whose element is its own flat index (0, 1, 2, ...).
PullArray positions(std::vector<int64_t> shape, bool shaped = false) {
  std::vector<Expr> s;
  for (int64_t e : shape) s.push_back(intConst(e));
  PullArray a = PullArray::flat(BaseType::Int, s, [](const Expr& i) { return i; });
  return shaped ? a.toShaped() : a;
}

std::vector<int64_t> shapeOf(const PullArray& a) {
  std::vector<int64_t> r;
  for (const Expr& e : a.shape()) r.push_back(asIntConst(e).value_or(-999));
  return r;
}

// The elements in row-major order, read once through the flat and once through the shaped form.
std::vector<int64_t> elements(const PullArray& a) {
  int64_t n = asIntConst(a.size()).value();
  std::vector<int64_t> flat, shaped;
  PullArray f = a.toFlat(), s = a.toShaped();
  for (int64_t k = 0; k < n; ++k) {
    flat.push_back(asIntConst(f.at(intConst(k))).value_or(-999));
    shaped.push_back(asIntConst(s.at(fromIdx(s.shape(), intConst(k)))).value_or(-999));
  }
  EXPECT_EQ(flat, shaped) << "the two forms disagree";
  return flat;
}

void check(const PullArray& a, std::vector<int64_t> shape, std::vector<int64_t> expected) {
  EXPECT_EQ(shapeOf(a), shape);
  EXPECT_EQ(elements(a), expected);
}

TEST(PullArray, IndexArithmeticRoundTrips) {
  std::vector<Expr> shape = {intConst(2), intConst(3), intConst(4)};
  for (int64_t k = 0; k < 24; ++k) EXPECT_EQ(asIntConst(toIdx(shape, fromIdx(shape, intConst(k)))), k);
}

TEST(PullArray, TranspReversesTheAxes) { check(transp(positions({2, 3})), {3, 2}, {0, 3, 1, 4, 2, 5}); }

TEST(PullArray, Transp2SendsOldAxisKToNewAxisPk) {
  // APL 2 3 1⍉ (0-origin 1 2 0) of a 2×3×4 array: shape 4 2 3, element (a,b,c) = old (b,c,a).
  std::vector<int64_t> expected;
  for (int64_t a = 0; a < 4; ++a)
    for (int64_t b = 0; b < 2; ++b)
      for (int64_t c = 0; c < 3; ++c) expected.push_back(b * 12 + c * 4 + a);
  check(transp2({1, 2, 0}, positions({2, 3, 4})), {4, 2, 3}, expected);
  check(transp2({1, 2, 0}, positions({2, 3, 4}, true)), {4, 2, 3}, expected);
}

TEST(PullArray, ReshapeKeepsRowMajorOrderAndCycles) {
  check(reshape({intConst(6)}, positions({2, 3}), false), {6}, {0, 1, 2, 3, 4, 5});
  check(reshape({intConst(2), intConst(4)}, positions({3}), true), {2, 4}, {0, 1, 2, 0, 1, 2, 0, 1});
}

TEST(PullArray, TakePadsAtTheEndOrTheFront) {
  Builder b;
  check(take(b, intConst(2), positions({3}), intConst(-1)), {2}, {0, 1});
  check(take(b, intConst(-5), positions({3}), intConst(-1)), {5}, {-1, -1, 0, 1, 2});
  check(take(b, intConst(3), positions({2, 2}), intConst(-1)), {3, 2}, {0, 1, 2, 3, -1, -1});
}

TEST(PullArray, DropFromEitherEnd) {
  check(drop(intConst(1), positions({3})), {2}, {1, 2});
  check(drop(intConst(-1), positions({3, 2})), {2, 2}, {0, 1, 2, 3});
  check(drop(intConst(7), positions({3})), {0}, {});
}

TEST(PullArray, RotateUsesANonNegativeModulus) {
  check(rotate(0, intConst(1), positions({4})), {4}, {1, 2, 3, 0});
  check(rotate(0, intConst(-1), positions({4})), {4}, {3, 0, 1, 2});
  check(rotate(1, intConst(5), positions({2, 3})), {2, 3}, {2, 0, 1, 5, 3, 4});
}

TEST(PullArray, Compositions) {
  // ⍉ 3 2 ⍴ 1 ⌽ ⍳6 (0-based): rows (1 2)(3 4)(5 0), transposed.
  check(transp(reshape({intConst(3), intConst(2)}, rotate(0, intConst(1), positions({6})), false)), {2, 3},
        {1, 3, 5, 2, 4, 0});
  // The reverse of a transposed matrix, then a take of its first row.
  Builder b;
  check(take(b, intConst(1), reverse(1, transp(positions({2, 3}))), intConst(-1)), {1, 2}, {3, 0});
}

TEST(PullArray, EachKeepsTheForm) {
  auto twice = [](const Expr& x) { return x * 2; };
  EXPECT_TRUE(each(BaseType::Int, twice, positions({3})).isFlat());
  EXPECT_FALSE(each(BaseType::Int, twice, positions({3}, true)).isFlat());
  check(each(BaseType::Int, twice, transp(positions({2, 2}))), {2, 2}, {0, 4, 2, 6});
}

TEST(PullArray, MaterializeWritesAndReturnsAFlatReader) {
  Builder b;
  PullArray m = materialize(b, transp(positions({2, 3})));
  EXPECT_TRUE(m.isFlat());
  EXPECT_TRUE(m.cheap());
  EXPECT_TRUE(m.memory().defined());
  EXPECT_EQ(shapeOf(m), (std::vector<int64_t>{3, 2}));
  EXPECT_TRUE(m.at(intConst(4)).as<Load>() != nullptr);
}

}  // namespace
