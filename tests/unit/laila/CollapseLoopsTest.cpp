// CollapseLoops (laila/passes/CollapseLoops.h): a parallel loop whose body is one parallel loop
// with a loop inside becomes one parallel loop over the pairs; other nests are left alone.
#include <gtest/gtest.h>

#include <string>

#include "laila/ir/Builder.h"
#include "laila/ir/Print.h"
#include "laila/ir/Verify.h"
#include "laila/passes/CollapseLoops.h"
#include "tests/unit/laila/TextCount.h"

namespace aplc_test {
namespace {

using namespace aplc::laila;

// c[i, j] for i < 6, j < columns(i): a sum over k (withLoop) or i + j.
Program nest(bool withLoop, bool columnsDependOnRow) {
  Builder b;
  Expr c = b.alloc(BaseType::Int, intConst(6 * 7), "c");
  b.forLoop(intConst(6), LoopKind::ParallelMap, [&](Expr i) {
    Expr columns = columnsDependOnRow ? i + intConst(1) : intConst(7);
    b.forLoop(columns, LoopKind::ParallelMap, [&](Expr j) {
      if (withLoop) {
        Var acc = b.declare(intConst(0), "acc");
        b.forLoop(intConst(5), LoopKind::Sequential, [&](Expr k) { b.assign(acc, var(acc) + k * j); }, "k");
        b.store(c, i * intConst(7) + j, var(acc));
      } else {
        b.store(c, i * intConst(7) + j, i + j);
      }
    }, "j");
  }, "i");
  b.print(c, {intConst(6), intConst(7)}, PrintStyle::Apl);
  b.free(c);
  return b.finish();
}

TEST(CollapseLoops, ANestWithALoopInsideIsOneLoopOverThePairs) {
  Program p = collapseLoops(nest(true, false));
  EXPECT_TRUE(verify(p).empty()) << toString(p);
  std::string text = toString(p);
  EXPECT_EQ(count(text, "parallel for"), 1u) << text;
  EXPECT_NE(text.find("in 0..42 {"), std::string::npos) << text;
  EXPECT_NE(text.find("int i_"), std::string::npos) << text;  // the row and column from the pair
  EXPECT_NE(text.find("int j_"), std::string::npos) << text;
}

TEST(CollapseLoops, StraightLineRowsStay) {
  // A row of straight-line code is a loop a CPU device's compiler vectorises.
  Program before = nest(false, false);
  EXPECT_EQ(toString(collapseLoops(before)), toString(before));
}

TEST(CollapseLoops, NotWhenTheColumnsDependOnTheRow) {
  Program before = nest(true, true);
  EXPECT_EQ(toString(collapseLoops(before)), toString(before));
}

}  // namespace
}  // namespace aplc_test
