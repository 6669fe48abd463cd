// InterchangeLoops (laila/passes/InterchangeLoops.h): a dot product whose k loop walks a column
// runs as k loops over rows that accumulate in the result's memory; other loops are left alone.
#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "laila/ir/Builder.h"
#include "laila/ir/Print.h"
#include "laila/ir/Verify.h"
#include "laila/passes/InterchangeLoops.h"

namespace aplc_test {
namespace {

using namespace aplc::laila;

constexpr int64_t kN = 50;

// c = a +.× b on kN×kN doubles, b read at `bIndex(k, j)`; `extra` adds to the k loop's body.
Program product(const std::function<Expr(Expr k, Expr j)>& bIndex,
                const std::function<void(Builder&, Expr k)>& extra = nullptr) {
  Builder b;
  Expr n = intConst(kN);
  Expr a = b.alloc(BaseType::Double, n * n, "a"), m = b.alloc(BaseType::Double, n * n, "b");
  Expr c = b.alloc(BaseType::Double, n * n, "c");
  b.forLoop(n * n, LoopKind::ParallelMap, [&](Expr i) {
    b.store(a, i, doubleConst(1.0));
    b.store(m, i, doubleConst(2.0));
  });
  b.forLoop(n, LoopKind::ParallelMap, [&](Expr i) {
    b.forLoop(n, LoopKind::ParallelMap, [&](Expr j) {
      Var acc = b.declare(doubleConst(0.0), "acc");
      b.forLoop(n, LoopKind::Sequential, [&](Expr k) {
        if (extra) extra(b, k);
        Expr x = b.let(load(a, i * n + k) * load(m, bIndex(k, j)), "x");
        b.assign(acc, x + var(acc));
      }, "k");
      b.store(c, i * n + j, var(acc));
    }, "j");
  });
  b.free(c);
  b.free(m);
  b.free(a);
  return b.finish();
}

Expr column(Expr k, Expr j) { return k * intConst(kN) + j; }

TEST(InterchangeLoops, AColumnWalkRunsRowByRow) {
  Program p = interchangeLoops(product(column));
  EXPECT_TRUE(verify(p).empty()) << toString(p);
  std::string text = toString(p);
  // The accumulators start in c; then for each k, a j loop adds into them.
  size_t init = text.find("] = 0.0;"), k = text.find("for k_"), row = text.find("parallel for j_", k);
  ASSERT_NE(init, std::string::npos) << text;
  ASSERT_NE(k, std::string::npos) << text;
  ASSERT_NE(row, std::string::npos) << text;
  EXPECT_LT(init, k) << text;
  EXPECT_EQ(text.find("acc"), std::string::npos) << text;
  EXPECT_NE(text.find("+ c_"), std::string::npos) << text;
}

TEST(InterchangeLoops, ARowWalkIsLeftAlone) {
  // b read along k with stride 1 (a +.× ⍉b): the k loop already walks memory in order.
  Program before = product([](Expr k, Expr j) { return j * intConst(kN) + k; });
  EXPECT_EQ(toString(interchangeLoops(before)), toString(before));
}

TEST(InterchangeLoops, NotWhenTheKLoopChecks) {
  // An error found at (j, k) would come in another order.
  Program checked = product(column, [](Builder& b, Expr k) {
    b.check(lt(k, intConst(kN)), ErrorKind::Index, ErrorLoc{}, "k out of range");
  });
  EXPECT_EQ(toString(interchangeLoops(checked)), toString(checked));
}

// The second form: an integer sum with its wrap count (two accumulators, a branch in the k loop),
// a declaration before them and a check and arithmetic after the k loop. `prefixInK` makes the k
// loop read the declaration before the accumulators.
Program intProduct(bool prefixInK) {
  Builder b;
  Expr n = intConst(kN);
  Expr a = b.alloc(BaseType::Int, n * n, "a"), m = b.alloc(BaseType::Int, n * n, "b");
  Expr c = b.alloc(BaseType::Double, n * n, "c");
  b.forLoop(n * n, LoopKind::ParallelMap, [&](Expr i) {
    b.store(a, i, i);
    b.store(m, i, i * 2);
  });
  b.forLoop(n, LoopKind::ParallelMap, [&](Expr i) {
    b.forLoop(n, LoopKind::ParallelMap, [&](Expr j) {
      Expr scale = b.let(i2d(load(a, i) + intConst(1)), "scale");
      Var acc = b.declare(intConst(0), "acc");
      Var wraps = b.declare(intConst(0), "wraps");
      b.forLoop(n, LoopKind::Sequential, [&](Expr k) {
        Expr x = b.let(load(a, i * n + k) * load(m, k * n + j), "x");
        if (prefixInK) x = b.let(x + d2i(scale), "y");
        b.ifThen(call("aplc_add_overflows", BoolType, {x, var(acc)}), [&] { b.assign(wraps, var(wraps) + intConst(1)); });
        b.assign(acc, x + var(acc));
      }, "k");
      b.check(eq(var(wraps), intConst(0)), ErrorKind::Domain, ErrorLoc{}, "overflow");
      b.store(c, i * n + j, i2d(var(acc)) / scale);
    }, "j");
  });
  b.free(c);
  b.free(m);
  b.free(a);
  return b.finish();
}

TEST(InterchangeLoops, SumsWithWrapCountsRunRowByRowInRowsOfMemory) {
  Program p = interchangeLoops(intProduct(false));
  EXPECT_TRUE(verify(p).empty()) << toString(p);
  std::string text = toString(p);
  // Two rows (the sum, the wraps), set, accumulated into by k loops of j loops, then read by a
  // last j loop with the check and the division; the rows freed.
  size_t rows = text.find("[int] row_"), k = text.find("for k_"), row = text.find("parallel for j_", k);
  size_t check = text.find("check ("), last = text.rfind("parallel for j_", check);
  ASSERT_NE(rows, std::string::npos) << text;
  ASSERT_NE(k, std::string::npos) << text;
  ASSERT_NE(check, std::string::npos) << text;
  EXPECT_LT(rows, k) << text;
  EXPECT_LT(k, row) << text;
  EXPECT_LT(row, last) << text;
  EXPECT_NE(text.find("double scale_", last), std::string::npos) << text;  // the prefix, after the k loops
  EXPECT_NE(text.find("free row_"), std::string::npos) << text;
}

TEST(InterchangeLoops, NotWhenTheKLoopReadsWhatIsDeclaredBeforeTheSums) {
  Program before = intProduct(true);
  EXPECT_EQ(toString(interchangeLoops(before)), toString(before));
}

}  // namespace
}  // namespace aplc_test
