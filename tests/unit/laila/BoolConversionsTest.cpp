// BoolConversions (laila/passes/BoolConversions.h): i2d of an integer function of one boolean becomes a
// select between the two doubles it can be, through variables declared once; nothing else is
// rewritten.
#include <gtest/gtest.h>

#include <string>

#include "laila/passes/BoolConversions.h"
#include "laila/ir/Builder.h"
#include "laila/ir/Print.h"

namespace aplc_test {
namespace {

using namespace aplc::laila;

// A loop over 0..8 whose body `define` builds the stored double from i (and whatever else it
// declares); the printed program after the pass.
std::string converted(const std::function<Expr(Builder&, Expr)>& define) {
  Builder b;
  Expr out = b.alloc(BaseType::Double, intConst(8), "out");
  b.forLoop(intConst(8), LoopKind::ParallelMap, [&](Expr i) { b.store(out, i, define(b, i)); });
  b.free(out);
  return toString(boolConversions(b.finish()));
}

TEST(BoolConversions, MaskBecomesSelect) {
  std::string p = converted([](Builder& b, Expr i) {
    Expr c = b.let(lt(i, intConst(3)), "c");
    return i2d(b2i(c));
  });
  EXPECT_NE(p.find("out_1[i_2] = c_3 ? 1.0 : 0.0;"), std::string::npos) << p;
}

TEST(BoolConversions, ArithmeticOnTheMaskIsFollowedThroughVariables) {
  // 1 - b2i(c), then × 3: 0 or 3, the second through two declared variables.
  std::string p = converted([](Builder& b, Expr i) {
    Expr c = b.let(lt(i, intConst(3)), "c");
    Expr m = b.let(b2i(c), "m");
    Expr n = b.let(intConst(1) - m, "n");
    return i2d(n * intConst(3));
  });
  EXPECT_NE(p.find("out_1[i_2] = c_3 ? 0.0 : 3.0;"), std::string::npos) << p;
}

TEST(BoolConversions, OtherIntegersStayConversions) {
  // The loop variable besides the mask: e has more than two values.
  std::string p = converted([](Builder& b, Expr i) {
    Expr c = b.let(lt(i, intConst(3)), "c");
    return i2d(b2i(c) + i);
  });
  EXPECT_EQ(p.find('?'), std::string::npos) << p;
  // Two different booleans: four combinations.
  p = converted([](Builder& b, Expr i) {
    Expr c = b.let(lt(i, intConst(3)), "c");
    Expr d = b.let(gt(i, intConst(5)), "d");
    return i2d(b2i(c) + b2i(d));
  });
  EXPECT_EQ(p.find('?'), std::string::npos) << p;
}

TEST(BoolConversions, ConditionThatChangesIsNotMoved) {
  // flag is assigned after m is defined from it: at the conversion, select(flag, …) would read
  // the new value, so the conversion stays.
  std::string p = converted([](Builder& b, Expr i) {
    Var flag = b.declare(lt(i, intConst(3)), "flag");
    Expr m = b.let(b2i(var(flag)), "m");
    b.assign(flag, boolConst(true));
    return i2d(m);
  });
  EXPECT_EQ(p.find('?'), std::string::npos) << p;
}

}  // namespace
}  // namespace aplc_test
