// FuseLoops (laila/passes/FuseLoops.h): sibling loops over one range that read the same memory
// become one loop when nothing can observe the new order; reuseCommonValues then shares what
// both bodies load and compute.
#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "laila/ir/Builder.h"
#include "laila/ir/Print.h"
#include "laila/ir/Verify.h"
#include "laila/passes/CommonValues.h"
#include "laila/passes/FuseLoops.h"
#include "tests/unit/laila/TextCount.h"

namespace aplc_test {
namespace {

using namespace aplc::laila;

constexpr int64_t kN = 8;

// Two row loops over x (kN×kN doubles), each summing its row's f(x) into its own result;
// `between` adds statements between the loops, `second` what the second body adds.
struct Rows {
  std::function<void(Builder&, Expr x, Expr r1)> between = nullptr;
  std::function<void(Builder&, Expr x, Expr r1, Expr i)> first = nullptr, second = nullptr;
};

Program rows(const Rows& hooks = {}) {
  Builder b;
  Expr n = intConst(kN);
  Expr x = b.alloc(BaseType::Double, n * n, "x");
  b.forLoop(n * n, LoopKind::ParallelMap, [&](Expr i) { b.store(x, i, i2d(i)); });
  Expr r1 = b.alloc(BaseType::Double, n, "r"), r2 = b.alloc(BaseType::Double, n, "r");
  auto rowSum = [&](Expr result, const std::function<void(Expr)>& extra) {
    b.forLoop(n, LoopKind::ParallelMap, [&](Expr i) {
      Var acc = b.declare(doubleConst(0.0), "acc");
      b.forLoop(n, LoopKind::Sequential, [&](Expr j) {
        Expr s = b.let(unary(UnaryOp::Sqrt, load(x, i * n + j)), "s");
        b.assign(acc, s + var(acc));
      });
      if (extra) extra(i);
      b.store(result, i, var(acc));
    });
  };
  rowSum(r1, [&](Expr i) { if (hooks.first) hooks.first(b, x, r1, i); });
  if (hooks.between) hooks.between(b, x, r1);
  rowSum(r2, [&](Expr i) { if (hooks.second) hooks.second(b, x, r1, i); });
  b.print(r1, {n}, PrintStyle::Apl);
  b.print(r2, {n}, PrintStyle::Apl);
  b.free(r2);
  b.free(r1);
  b.free(x);
  return b.finish();
}

std::string fusedAndShared(const Program& p) {
  Program fused = reuseCommonValues(fuseLoops(p));
  EXPECT_TRUE(verify(fused).empty()) << toString(fused);
  return toString(fused);
}

TEST(FuseLoops, RowLoopsReadingTheSameMemoryBecomeOne) {
  std::string text = fusedAndShared(rows());
  // One row loop with one column loop; the square root of each element once.
  EXPECT_EQ(count(text, "parallel for"), 2u) << text;  // the fill of x, the rows
  EXPECT_EQ(count(text, "for "), 3u) << text;
  EXPECT_EQ(count(text, "sqrt("), 1u) << text;
}

TEST(FuseLoops, StatementsBetweenMoveAboveOrBelow) {
  // An allocation the first loop does not touch goes above; a read of its result, below.
  Program p = rows({.between = [](Builder& b, Expr, Expr r1) {
    Expr t = b.alloc(BaseType::Double, intConst(1), "t");
    b.free(t);
    b.declare(load(r1, intConst(0)), "first");
  }});
  std::string text = fusedAndShared(p);
  EXPECT_EQ(count(text, "sqrt("), 1u) << text;
  size_t alloc = text.find("alloc double[1]"), loop = text.find("parallel for i_", alloc);
  EXPECT_NE(loop, std::string::npos) << text;
  EXPECT_LT(loop, text.find("double first_")) << text;
}

TEST(FuseLoops, NotWhenTheSecondReadsWhatTheFirstWrites) {
  Program p = rows({.second = [](Builder& b, Expr, Expr r1, Expr i) { b.store(r1, i, load(r1, i)); }});
  EXPECT_EQ(toString(fuseLoops(p)), toString(p));
}

TEST(FuseLoops, NotWhenTheFirstChecks) {
  // The second body's iterations would run before the first's later checks, which may guard them.
  Program p = rows({.first = [](Builder& b, Expr, Expr, Expr i) {
    b.check(lt(i, intConst(kN - 1)), ErrorKind::Index, ErrorLoc{}, "last row");
  }});
  EXPECT_EQ(toString(fuseLoops(p)), toString(p));
}

TEST(FuseLoops, TheSecondMayCheck) {
  Program p = rows({.second = [](Builder& b, Expr, Expr, Expr i) {
    b.check(lt(i, intConst(kN - 1)), ErrorKind::Index, ErrorLoc{}, "last row");
  }});
  EXPECT_EQ(count(fusedAndShared(p), "sqrt("), 1u);
}

TEST(FuseLoops, NotWhenAStatementBetweenCanMoveNeitherWay) {
  // It reads the first loop's result and prints: it can run neither before the first loop nor
  // after the second.
  Program p = rows({.between = [](Builder& b, Expr, Expr r1) { b.print(load(r1, intConst(0)), {}, PrintStyle::Apl); }});
  EXPECT_EQ(toString(fuseLoops(p)), toString(p));
}

TEST(FuseLoops, NotWithoutMemoryInCommon) {
  Builder b;
  Expr n = intConst(kN);
  Expr a = b.alloc(BaseType::Int, n, "a"), c = b.alloc(BaseType::Int, n, "c");
  b.forLoop(n, LoopKind::ParallelMap, [&](Expr i) { b.store(a, i, i); });
  b.forLoop(n, LoopKind::ParallelMap, [&](Expr i) { b.store(c, i, i * 2); });
  b.print(a, {n}, PrintStyle::Apl);
  b.print(c, {n}, PrintStyle::Apl);
  b.free(c);
  b.free(a);
  Program p = b.finish();
  EXPECT_EQ(toString(fuseLoops(p)), toString(p));
}

// In order (the sequential target): a loop that stores its values and one that only adds up the
// same values from its index, with a check on the first loop's result between them (streak's
// scans and its `+/rises`, with `run⍳best`'s checks between). `second` may add to the second body.
Program sameValuesTwice(const std::function<void(Builder&, Expr i)>& second = nullptr, bool sameValue = true) {
  Builder b;
  Expr n = intConst(kN);
  Expr m = b.alloc(BaseType::Int, n, "m");
  b.forLoop(n, LoopKind::Sequential, [&](Expr i) {
    b.store(m, i, b.let(call("aplc_op_udiv", IntType, {i + intConst(1), intConst(3)}), "s"));
  });
  Expr first = b.let(load(m, intConst(kN - 1)), "last");
  b.check(ge(first, intConst(0)), ErrorKind::Domain, ErrorLoc{}, "negative");
  Var acc = b.declare(intConst(0), "acc");
  b.forLoop(n, LoopKind::Sequential, [&](Expr i) {
    Expr s = b.let(call("aplc_op_udiv", IntType, {i + intConst(sameValue ? 1 : 2), intConst(3)}), "s");
    b.assign(acc, var(acc) + s);
    if (second) second(b, i);
  });
  b.print(var(acc), {}, PrintStyle::Apl);
  b.free(m);
  return b.finish();
}

TEST(FuseLoops, InOrderALoopWithoutMemoryRunsBeforeTheChecksBetween) {
  Program fused = reuseCommonValues(fuseLoopsInOrder(sameValuesTwice()));
  ASSERT_TRUE(verify(fused).empty()) << toString(fused);
  std::string text = toString(fused);
  EXPECT_EQ(count(text, "for "), 1u) << text;
  EXPECT_EQ(count(text, "aplc_op_udiv("), 1u) << text;
  EXPECT_LT(text.find("for "), text.find("check")) << text;  // the check still follows the values it checks
}

TEST(FuseLoops, InOrderNotBeforeAChecksWhenTheLoopTouchesMemory) {
  // A store the check might guard (a load would be the same) keeps the loop after it.
  Program p = sameValuesTwice([](Builder& b, Expr i) {
    Expr c = b.alloc(BaseType::Int, intConst(1), "c");
    b.store(c, intConst(0), i);
    b.free(c);
  });
  EXPECT_EQ(toString(fuseLoopsInOrder(p)), toString(p));
}

TEST(FuseLoops, InOrderNotWithoutAValueInCommon) {
  Program p = sameValuesTwice(nullptr, false);
  EXPECT_EQ(toString(fuseLoopsInOrder(p)), toString(p));
}

TEST(CommonValues, LoadsAreSharedUntilMemoryIsWritten) {
  Builder b;
  Expr n = intConst(kN);
  Expr a = b.alloc(BaseType::Int, n, "a");
  b.forLoop(n, LoopKind::ParallelMap, [&](Expr i) { b.store(a, i, i); });
  Expr x = b.let(load(a, intConst(1)) + intConst(1), "x");
  Expr y = b.let(load(a, intConst(1)) + intConst(1), "y");  // the same as x
  b.store(a, intConst(1), intConst(5));
  Expr z = b.let(load(a, intConst(1)) + intConst(1), "z");  // not: a[1] changed
  b.print(x + y + z, {}, PrintStyle::Apl);
  b.free(a);
  std::string text = toString(reuseCommonValues(b.finish()));
  EXPECT_EQ(count(text, "a_1[1] + 1"), 2u) << text;
  EXPECT_EQ(text.find("int y_"), std::string::npos) << text;
  EXPECT_NE(text.find("int z_"), std::string::npos) << text;
}

TEST(CommonValues, ALoopThatStoresForgetsLoadsBeforeItsBody) {
  // In the second iteration, a[0] is what the first stored.
  Builder b;
  Expr n = intConst(kN);
  Expr a = b.alloc(BaseType::Int, n, "a");
  b.forLoop(n, LoopKind::ParallelMap, [&](Expr i) { b.store(a, i, i); });
  Expr before = b.let(load(a, intConst(0)) * intConst(3), "before");
  b.forLoop(n, LoopKind::Sequential, [&](Expr) {
    Expr inside = b.let(load(a, intConst(0)) * intConst(3), "inside");
    b.store(a, intConst(0), inside);
  });
  b.print(before, {}, PrintStyle::Apl);
  b.free(a);
  std::string text = toString(reuseCommonValues(b.finish()));
  EXPECT_NE(text.find("int inside_"), std::string::npos) << text;
}

}  // namespace
}  // namespace aplc_test
