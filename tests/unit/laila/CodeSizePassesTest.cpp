// The passes that keep the generated C small: SplitLoops deciding its pieces' comparisons for
// symbolic cuts and joining pieces left equal (laila/passes/SplitLoops.h), HoistInvariants and
// CommonValues; on programs built with the Builder, checked by what they contain afterwards
// (and the verifier).
#include <gtest/gtest.h>

#include "laila/ir/Builder.h"
#include "laila/passes/CommonValues.h"
#include "laila/passes/HoistInvariants.h"
#include "laila/ir/IRVisitor.h"
#include "laila/ir/Print.h"
#include "laila/passes/Simplify.h"
#include "laila/passes/SplitLoops.h"
#include "laila/ir/Verify.h"

namespace aplc_test {
namespace {

using namespace aplc::laila;

struct Counts {
  int loops = 0, selects = 0, decls = 0, checks = 0, muls = 0, divs = 0;
};

class Counter : public IRVisitor {
 public:
  Counts counts;

 protected:
  using IRVisitor::visit;
  void visit(const For* op) override {
    ++counts.loops;
    IRVisitor::visit(op);
  }
  void visit(const Select* op) override {
    ++counts.selects;
    IRVisitor::visit(op);
  }
  void visit(const Decl* op) override {
    ++counts.decls;
    IRVisitor::visit(op);
  }
  void visit(const Check* op) override {
    ++counts.checks;
    IRVisitor::visit(op);
  }
  void visit(const Binary* op) override {
    if (op->op == BinaryOp::Mul) ++counts.muls;
    if (op->op == BinaryOp::Div) ++counts.divs;
    IRVisitor::visit(op);
  }
};

Counts countsOf(const Stmt& s) {
  Counter c;
  c.include(s);
  return c.counts;
}

void expectWellFormed(const Program& p) {
  VerifyOptions strict;
  strict.requireFrees = true;
  std::vector<std::string> problems = verify(p, strict);
  EXPECT_TRUE(problems.empty()) << (problems.empty() ? "" : problems[0]) << "\n" << toString(p);
}

// A length read from memory: a value the simplifier knows nothing about.
Expr unknownLength(Builder& b, const Expr& memory, int64_t value) {
  b.store(memory, intConst(0), intConst(value));
  return b.let(load(memory, intConst(0)), "n");
}

TEST(SplitLoops, ASymbolicCutIsDecidedInEachPiece) {
  // a[i] = i < n ? i : 2i for i in 0..10, n unknown: the pieces are clamped to min/max bounds
  // the simplifier cannot order, yet each piece knows on which side of n it runs.
  Builder b;
  Expr a = b.alloc(BaseType::Int, intConst(10), "a");
  Expr n = unknownLength(b, a, 4);
  b.forLoop(intConst(10), LoopKind::ParallelMap, [&](Expr i) { b.store(a, i, select(lt(i, n), i, i * 2)); });
  b.print(a, {intConst(10)}, PrintStyle::Apl);
  b.free(a);
  Program p = simplify(splitLoops(b.finish()));
  expectWellFormed(p);
  EXPECT_EQ(countsOf(p.body).loops, 2) << toString(p);
  EXPECT_EQ(countsOf(p.body).selects, 0) << toString(p);
}

TEST(SplitLoops, ACatenationOfThreeSymbolicPartsHasOneLoopPerPart) {
  // The element of (p,q,r) with run-time lengths: nested branches on i < n1 and i < n1+n2.
  Builder b;
  Expr a = b.alloc(BaseType::Int, intConst(30), "a");
  Expr n1 = unknownLength(b, a, 5);
  Expr n2 = unknownLength(b, a, 7);
  b.forLoop(intConst(30), LoopKind::ParallelMap, [&](Expr i) {
    b.store(a, i, select(lt(i, n1), i, select(lt(i, n1 + n2), i * 3, i * 5)));
  });
  b.print(a, {intConst(30)}, PrintStyle::Apl);
  b.free(a);
  Program p = simplify(splitLoops(b.finish()));
  expectWellFormed(p);
  EXPECT_EQ(countsOf(p.body).loops, 3) << toString(p);
  EXPECT_EQ(countsOf(p.body).selects, 0) << toString(p);
}

TEST(SplitLoops, AdjacentPiecesWithTheSameBodyAreJoined) {
  Builder b;
  Expr a = b.alloc(BaseType::Int, intConst(10), "a");
  b.forRange(intConst(0), intConst(3), LoopKind::ParallelMap, [&](Expr i) { b.store(a, i, i * 2); });
  b.forRange(intConst(3), intConst(10), LoopKind::ParallelMap, [&](Expr i) { b.store(a, i, i * 2); });
  b.forRange(intConst(10), intConst(10), LoopKind::ParallelMap, [&](Expr i) { b.store(a, i, i * 3); });
  b.print(a, {intConst(10)}, PrintStyle::Apl);
  b.free(a);
  Program p = joinEqualSegments(b.finish());
  expectWellFormed(p);
  EXPECT_EQ(countsOf(p.body).loops, 2) << toString(p);  // the third body differs
  EXPECT_NE(toString(p).find("in 0..10"), std::string::npos) << toString(p);
}

TEST(SplitLoops, PiecesOverRangesThatDoNotMeetStayApart) {
  Builder b;
  Expr a = b.alloc(BaseType::Int, intConst(10), "a");
  b.forRange(intConst(0), intConst(3), LoopKind::ParallelMap, [&](Expr i) { b.store(a, i, i * 2); });
  b.forRange(intConst(4), intConst(10), LoopKind::ParallelMap, [&](Expr i) { b.store(a, i, i * 2); });
  b.free(a);
  Program p = joinEqualSegments(b.finish());
  EXPECT_EQ(countsOf(p.body).loops, 2) << toString(p);
}

TEST(HoistInvariants, IndexArithmeticTheLoopDoesNotChangeIsComputedBeforeIt) {
  Builder b;
  Expr a = b.alloc(BaseType::Int, intConst(100), "a");
  Expr n = unknownLength(b, a, 3);
  Expr m = unknownLength(b, a, 4);
  b.forLoop(intConst(10), LoopKind::ParallelMap, [&](Expr i) {
    // n*3 + m*5 - 7 is invariant; n / m is too, but m may be 0 where the loop never runs.
    b.store(a, i + (n * 3 + m * 5 - 7), i + div(n, m));
  });
  b.print(a, {intConst(100)}, PrintStyle::Apl);
  b.free(a);
  Program p = hoistInvariants(b.finish());
  expectWellFormed(p);
  const auto* body = p.body.as<Block>();
  ASSERT_NE(body, nullptr);
  for (const Stmt& s : body->stmts) {
    if (const auto* loop = s.as<For>()) {
      EXPECT_EQ(countsOf(loop->body).muls, 0) << toString(p);
      EXPECT_EQ(countsOf(loop->body).divs, 1) << toString(p);
    }
  }
  EXPECT_NE(toString(p).find("int inv_"), std::string::npos) << toString(p);
}

TEST(CommonValues, ASecondDeclarationOfTheSameValueReusesTheFirst) {
  Builder b;
  Expr a = b.alloc(BaseType::Int, intConst(4), "a");
  Expr n = unknownLength(b, a, 3);
  Expr x = b.let(n * 3 + 1, "x");
  ErrorLoc loc{"t.apl", 1, 1};
  b.check(ge(x, intConst(0)), ErrorKind::Domain, loc, "first");
  Expr y = b.let(n * 3 + 1, "y");
  b.check(ge(x, intConst(0)), ErrorKind::Domain, loc, "again");
  b.store(a, intConst(1), x + y);
  b.print(a, {intConst(4)}, PrintStyle::Apl);
  b.free(a);
  Program before = b.finish();
  Program p = reuseCommonValues(before);
  expectWellFormed(p);
  EXPECT_EQ(countsOf(p.body).decls, countsOf(before.body).decls - 1) << toString(p);
  EXPECT_EQ(countsOf(p.body).checks, 1) << toString(p);
}

TEST(CommonValues, AnAssignmentInBetweenKeepsBoth) {
  Builder b;
  Expr a = b.alloc(BaseType::Int, intConst(4), "a");
  Var n = b.declare(load(a, intConst(0)), "n");
  Expr x = b.let(Variable::make(n) * 3 + 1, "x");
  ErrorLoc loc{"t.apl", 1, 1};
  b.check(ge(Variable::make(n), intConst(0)), ErrorKind::Domain, loc, "first");
  b.forLoop(intConst(2), LoopKind::Sequential, [&](Expr) { b.assign(n, Variable::make(n) + 1); });
  b.check(ge(Variable::make(n), intConst(0)), ErrorKind::Domain, loc, "after the loop");
  Expr y = b.let(Variable::make(n) * 3 + 1, "y");
  b.store(a, intConst(1), x + y);
  b.print(a, {intConst(4)}, PrintStyle::Apl);
  b.free(a);
  Program before = b.finish();
  Program p = reuseCommonValues(before);
  EXPECT_EQ(countsOf(p.body).decls, countsOf(before.body).decls) << toString(p);
  EXPECT_EQ(countsOf(p.body).checks, 2) << toString(p);
}

}  // namespace
}  // namespace aplc_test
