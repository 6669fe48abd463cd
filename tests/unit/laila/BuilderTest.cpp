// Builder (laila/ir/Builder.h): whether a statement emitted earlier is still there, which the
// lowering's per-element reuse relies on to hand out a cached value only where it is declared.
#include <gtest/gtest.h>

#include <optional>

#include "laila/ir/Builder.h"
#include "laila/ir/Ops.h"

namespace aplc_test {
namespace {

using namespace aplc::laila;

TEST(BuilderWitness, AnEmptyBlockHasNoLastStatement) {
  Builder b;
  EXPECT_FALSE(b.lastEmitted().has_value());
  b.let(intConst(1) + var(b.declare(intConst(2), "n")), "x");
  EXPECT_TRUE(b.lastEmitted().has_value());
}

TEST(BuilderWitness, AStatementStaysThroughLaterStatementsAndInnerBlocks) {
  Builder b;
  Var n = b.declare(intConst(2), "n");
  std::optional<Builder::Emitted> witness = b.lastEmitted();
  ASSERT_TRUE(witness);
  b.let(var(n) * 3, "y");
  b.forLoop(intConst(4), LoopKind::Sequential, [&](Expr i) {
    EXPECT_TRUE(b.stillEmitted(*witness));  // visible inside the loop's body
    b.let(i + var(n), "z");
  });
  EXPECT_TRUE(b.stillEmitted(*witness));
}

TEST(BuilderWitness, AClosedBlocksStatementIsGone) {
  Builder b;
  Var n = b.declare(intConst(2), "n");
  std::optional<Builder::Emitted> inner;
  b.forLoop(intConst(4), LoopKind::Sequential, [&](Expr i) {
    b.let(i + var(n), "z");
    inner = b.lastEmitted();
  });
  ASSERT_TRUE(inner);
  EXPECT_FALSE(b.stillEmitted(*inner));
  // Another block opened at the same depth is not the closed one.
  b.forLoop(intConst(4), LoopKind::Sequential, [&](Expr i) {
    b.let(i + var(n), "z");
    EXPECT_FALSE(b.stillEmitted(*inner));
  });
}

TEST(BuilderWitness, ARollbackCutsTheTrialsStatementsAndKeepsTheEarlierOnes) {
  Builder b;
  Var n = b.declare(intConst(2), "n");
  std::optional<Builder::Emitted> before = b.lastEmitted();
  Builder::Mark mark = b.mark();
  b.let(var(n) * 5, "trial");
  std::optional<Builder::Emitted> during = b.lastEmitted();
  b.rollback(mark);
  b.let(var(n) * 7, "after");  // at the trial statement's position, another statement
  ASSERT_TRUE(before && during);
  EXPECT_TRUE(b.stillEmitted(*before));
  EXPECT_FALSE(b.stillEmitted(*during));
}

}  // namespace
}  // namespace aplc_test
