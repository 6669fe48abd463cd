// Node invariants (make rejects ill-typed nodes) and the folding of the smart constructors.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "laila/ir/Ops.h"
#include "laila/ir/Print.h"
#include "support/Diagnostics.h"

namespace aplc_test {
namespace {

using namespace aplc::laila;

Expr intVar(const char* base, uint32_t tag) { return var(Var{Name{base, tag}, IntType}); }
Expr doubleVar(const char* base, uint32_t tag) { return var(Var{Name{base, tag}, DoubleType}); }
Expr boolVar(const char* base, uint32_t tag) { return var(Var{Name{base, tag}, BoolType}); }

// Prints input (as built) and expected on failure.
void check(const Expr& built, const std::string& expected) {
  EXPECT_EQ(toString(built), expected);
}

TEST(LailaOps, ConstantsFold) {
  check(intConst(1) + intConst(2), "3");
  check(intConst(7) / intConst(-2), "-4");
  check(intConst(-7) % intConst(2), "1");
  check(intConst(5) % intConst(0), "5");
  check(doubleConst(1.5) * doubleConst(2.0), "3.0");
  check(lt(intConst(2), intConst(3)), "true");
  check(land(boolConst(true), boolConst(false)), "false");
  check(floor(doubleConst(-2.5)), "-3");
  check(i2d(intConst(3)), "3.0");
  check(neg(intConst(std::numeric_limits<int64_t>::min())), "-9223372036854775808");  // wraps
}

TEST(LailaOps, IdentitiesThatHoldForEveryValue) {
  Expr x = intVar("x", 1), y = intVar("y", 2);
  check(x + 0, "x_1");
  check(0 + x, "x_1");
  check(x * 1, "x_1");
  check(1 * x, "x_1");
  check(x * 0, "0");
  check(x - 0, "x_1");
  check(x - x, "0");
  check(x / 1, "x_1");
  check(x % 1, "0");
  check(3 + x, "x_1 + 3");  // constants go right
  check((x + 2) + 3, "x_1 + 5");
  check((x * 2) * 3, "x_1 * 6");
  check(min(y, y), "y_2");
  check(neg(neg(x)), "x_1");
  check(lnot(lt(x, y)), "x_1 >= y_2");
  check(select(boolConst(true), x, y), "x_1");
  check(select(lt(x, y), y, y), "y_2");
  Expr p = boolVar("p", 3);
  check(land(p, boolConst(true)), "p_3");
  check(lor(p, boolConst(true)), "true");
  check(lnot(lnot(p)), "p_3");
}

TEST(LailaOps, DoublesFoldOnlyExactIdentities) {
  Expr d = doubleVar("d", 1);
  check(d * doubleConst(1.0), "d_1");
  check(d + doubleConst(0.0), "d_1 + 0.0");  // -0.0 + 0.0 is +0.0: not an identity
  check(lt(d, d), "d_1 < d_1");              // NaN < NaN is false, but so is NaN >= NaN
  check(unary(UnaryOp::Exp, doubleConst(1.0)), "exp(1.0)");  // libm-dependent: left to run time
}

// A neutral element e gives x back from `e op x`, bit for bit, on edge values (folded by
// evalConst, which computes as the generated code does).
TEST(LailaOps, NeutralElementsGiveEveryValueBack) {
  const std::vector<int64_t> ints = {0, 1, -1, 7, INT64_MAX, INT64_MIN};
  for (BinaryOp op : {BinaryOp::Add, BinaryOp::Mul, BinaryOp::Max, BinaryOp::Min, BinaryOp::BitAnd, BinaryOp::BitOr,
                      BinaryOp::BitXor}) {
    std::optional<Expr> e = neutralElement(op, IntType);
    ASSERT_TRUE(e) << opName(op);
    for (int64_t x : ints) {
      std::optional<Expr> r = evalConst(op, *e, intConst(x));
      ASSERT_TRUE(r) << opName(op);
      EXPECT_EQ(asIntConst(*r), x) << opName(op) << " " << x;
    }
  }
  for (BinaryOp op : {BinaryOp::And, BinaryOp::Or, BinaryOp::Eq, BinaryOp::Ne, BinaryOp::Xor}) {
    std::optional<Expr> e = neutralElement(op, BoolType);
    ASSERT_TRUE(e) << opName(op);
    for (bool x : {false, true}) {
      std::optional<Expr> r = evalConst(op, *e, boolConst(x));
      ASSERT_TRUE(r) << opName(op);
      EXPECT_EQ(asBoolConst(*r), x) << opName(op) << " " << x;
    }
  }
  for (BinaryOp op : {BinaryOp::Add, BinaryOp::Mul}) {
    std::optional<Expr> e = neutralElement(op, DoubleType);
    ASSERT_TRUE(e) << opName(op);
    for (double x : {0.0, -0.0, 1.5, -2.25, 1e308, -HUGE_VAL}) {
      std::optional<Expr> r = evalConst(op, *e, doubleConst(x));
      ASSERT_TRUE(r) << opName(op);
      EXPECT_EQ(toString(*r), toString(doubleConst(x))) << opName(op) << " " << x;
      EXPECT_EQ(std::signbit(*asDoubleConst(*r)), std::signbit(x)) << opName(op) << " " << x;
    }
  }
  EXPECT_FALSE(neutralElement(BinaryOp::Sub, IntType));
  EXPECT_FALSE(neutralElement(BinaryOp::Max, DoubleType));  // ⌈ on doubles is a call (NaN rule)
}

TEST(LailaOps, MakeRejectsIllTypedNodes) {
  Expr x = intVar("x", 1), d = doubleVar("d", 2), p = boolVar("p", 3);
  EXPECT_THROW(Binary::make(BinaryOp::Add, x, d), aplc::InternalError);
  EXPECT_THROW(Binary::make(BinaryOp::And, x, x), aplc::InternalError);
  EXPECT_THROW(Unary::make(UnaryOp::Floor, x), aplc::InternalError);
  EXPECT_THROW(Select::make(x, x, x), aplc::InternalError);
  EXPECT_THROW(Load::make(x, x), aplc::InternalError);
  EXPECT_THROW(Decl::make(Var{Name{"y", 4}, IntType}, d), aplc::InternalError);
  EXPECT_THROW(Variable::make(Var{Name{"9x", 1}, IntType}), aplc::InternalError);
  EXPECT_THROW(Variable::make(Var{Name{"aplc_tmp", 1}, IntType}), aplc::InternalError);
  Var mem{Name{"a", 5}, Type::memoryOf(BaseType::Double)};
  EXPECT_THROW(Store::make(mem, x, x), aplc::InternalError);  // int into double memory
  EXPECT_THROW(Print::make(x, {x}, PrintStyle::Apl), aplc::InternalError);
  // A reduction needs an accumulator; a map must not have one.
  Stmt body = Block::make({});
  Var i{Name{"i", 6}, IntType};
  EXPECT_THROW(For::make(i, x, x, LoopKind::Reduction, std::nullopt, body), aplc::InternalError);
  Accumulator acc{Var{Name{"s", 7}, IntType}, BinaryOp::Sub, intConst(0), true};
  EXPECT_THROW(For::make(i, x, x, LoopKind::Reduction, acc, body), aplc::InternalError);
  EXPECT_THROW(Check::make(x, ErrorKind::Index, {}, "not a bool"), aplc::InternalError);
  EXPECT_THROW(IfThenElse::make(p, Stmt()), aplc::InternalError);
  EXPECT_THROW(Comment::make("two\nlines"), aplc::InternalError);
}

}  // namespace
}  // namespace aplc_test
