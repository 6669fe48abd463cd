// FloorDivision (laila/passes/FloorDivision.h): the exactness conditions against brute force near their
// limits, the rewrite where a's range allows it, and no rewrite where it does not.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>

#include "laila/ir/Builder.h"
#include "laila/passes/FloorDivision.h"
#include "laila/ir/Print.h"

namespace aplc_test {
namespace {

using namespace aplc::laila;

constexpr int64_t kTwo52 = int64_t{1} << 52;

int64_t floorDiv(int64_t a, int64_t c) {
  int64_t q = a / c;
  return (a % c != 0 && (a < 0) != (c < 0)) ? q - 1 : q;
}

// Inside the pass's condition (|a| + c ≤ 2^52) the double computation equals the integer one,
// also for the a just below a multiple of c, where rounding would go wrong first.
TEST(FloorDivision, DoubleFloorDivisionIsExactWithinTheCondition) {
  std::mt19937_64 random(7);
  for (int64_t c : {int64_t{1}, int64_t{3}, int64_t{7}, int64_t{100}, int64_t{1000003}, kTwo52 / 3}) {
    for (int k = 0; k < 2000; ++k) {
      int64_t limit = kTwo52 - c;
      int64_t multiple = static_cast<int64_t>(random() % static_cast<uint64_t>(limit / c)) * c;
      for (int64_t a : {multiple - 1, multiple, multiple + 1, -multiple - 1, -multiple, limit, -limit}) {
        if (std::llabs(a) > limit) continue;
        ASSERT_EQ(static_cast<int64_t>(std::floor(static_cast<double>(a) / static_cast<double>(c))), floorDiv(a, c))
            << a << " ÷ " << c;
      }
    }
  }
}

// Outside it the double computation can differ: the condition is needed.
TEST(FloorDivision, DoubleFloorDivisionFailsFarOutside) {
  int64_t c = 3, a = (int64_t{1} << 62) - 1;  // a ÷ 3 = 1537228672809129301.33…, not exact in doubles
  EXPECT_NE(static_cast<int64_t>(std::floor(static_cast<double>(a) / static_cast<double>(c))), floorDiv(a, c));
}

// d2i(floor(i2d(a) op constant)) for a = i + offset, i in 0..extent.
std::string rewritten(int64_t extent, int64_t offset, BinaryOp op, double constant) {
  Builder b;
  Expr out = b.alloc(BaseType::Int, intConst(extent), "out");
  b.forLoop(intConst(extent), LoopKind::ParallelMap, [&](Expr i) {
    Expr a = b.let(i + intConst(offset), "a");
    Expr d = b.let(i2d(a), "d");
    Expr step = b.let(binary(op, d, doubleConst(constant)), "step");
    Expr f = b.let(call("floor", DoubleType, {step}), "f");
    b.store(out, i, d2i(f));
  });
  b.free(out);
  return toString(floorDivision(b.finish()));
}

TEST(FloorDivision, RewritesWhenTheRangeAllowsIt) {
  EXPECT_NE(rewritten(3000, -1500, BinaryOp::Div, 100.0).find("out_1[i_2] = a_3 / 100;"), std::string::npos)
      << rewritten(3000, -1500, BinaryOp::Div, 100.0);
  // a ≥ 1: the floor division of a non-negative value is the unsigned one.
  EXPECT_NE(rewritten(3000, 1, BinaryOp::Mul, 0.75).find("out_1[i_2] = aplc_op_udiv(a_3 * 3, 4);"), std::string::npos)
      << rewritten(3000, 1, BinaryOp::Mul, 0.75);
  EXPECT_NE(rewritten(3000, 1, BinaryOp::Mul, 2.0).find("out_1[i_2] = a_3 * 2;"), std::string::npos);
}

TEST(FloorDivision, KeepsDoublesWhenTheyMayDiffer) {
  // a up to 2^62: too large for exact doubles.
  EXPECT_NE(rewritten(1000, (int64_t{1} << 62), BinaryOp::Div, 3.0).find("d2i(f_"), std::string::npos);
  // Divisors that are not positive integers, multipliers that are not dyadic.
  EXPECT_NE(rewritten(1000, 0, BinaryOp::Div, 2.5).find("d2i(f_"), std::string::npos);
  EXPECT_NE(rewritten(1000, 0, BinaryOp::Div, -4.0).find("d2i(f_"), std::string::npos);
  EXPECT_NE(rewritten(1000, 0, BinaryOp::Mul, 0.1).find("d2i(f_"), std::string::npos);
  // ÷ c with |a| + c just over 2^52.
  EXPECT_NE(rewritten(2, kTwo52 - 7, BinaryOp::Div, 7.0).find("d2i(f_"), std::string::npos);
  EXPECT_NE(rewritten(2, kTwo52 - 9, BinaryOp::Div, 7.0).find("aplc_op_udiv(a_3, 7)"), std::string::npos);
}

// Integer floor division and modulus: unsigned where the dividend is non-negative and the divisor
// a positive constant, as they are; the unsigned forms' ranges are known to later rewrites.
std::string integerDivision(int64_t offset, BinaryOp op, int64_t divisor) {
  Builder b;
  Expr out = b.alloc(BaseType::Int, intConst(100), "out");
  b.forLoop(intConst(100), LoopKind::ParallelMap, [&](Expr i) {
    Expr a = b.let(i + intConst(offset), "a");
    Expr q = b.let(binary(op, a, intConst(divisor)), "q");
    b.store(out, i, q + intConst(1));
  });
  b.free(out);
  return toString(floorDivision(b.finish()));
}

TEST(FloorDivision, NonNegativeDividendsDivideUnsigned) {
  EXPECT_NE(integerDivision(0, BinaryOp::Div, 7).find("int q_3 = aplc_op_udiv(i_2, 7);"), std::string::npos)
      << integerDivision(0, BinaryOp::Div, 7);
  EXPECT_NE(integerDivision(5, BinaryOp::Mod, 30).find("int q_4 = aplc_op_umod(a_3, 30);"), std::string::npos)
      << integerDivision(5, BinaryOp::Mod, 30);
  // A dividend that may be negative, a negative divisor: floor operations.
  EXPECT_NE(integerDivision(-1, BinaryOp::Div, 7).find("int q_4 = a_3 / 7;"), std::string::npos)
      << integerDivision(-1, BinaryOp::Div, 7);
  EXPECT_NE(integerDivision(0, BinaryOp::Mod, -3).find("int q_3 = i_2 % -3;"), std::string::npos)
      << integerDivision(0, BinaryOp::Mod, -3);
}

TEST(FloorDivision, KeepsDoublesForUnknownOperands) {
  Builder b;
  Expr input = b.alloc(BaseType::Int, intConst(1), "input");
  b.let(call("aplc_gen_take_ints", IntType, {input}), "r");  // written by the runtime, as file input is
  Expr a = b.let(load(input, intConst(0)), "a");
  Expr f = b.let(call("floor", DoubleType, {i2d(a) / doubleConst(4.0)}), "f");
  b.store(input, intConst(0), d2i(f));
  b.free(input);
  std::string out = toString(floorDivision(b.finish()));
  EXPECT_NE(out.find("input_1[0] = d2i(f_4);"), std::string::npos) << out;
}

}  // namespace
}  // namespace aplc_test
