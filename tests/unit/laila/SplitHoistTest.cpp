// The loop passes after lowering: index-set splitting (laila/passes/SplitLoops.h) and allocation
// hoisting (laila/passes/HoistAllocations.h), on programs built with the Builder, checked by the loops,
// selects and allocations they have afterwards (and the verifier).
#include <gtest/gtest.h>

#include "laila/ir/Builder.h"
#include "laila/passes/HoistAllocations.h"
#include "laila/ir/IRVisitor.h"
#include "laila/ir/Print.h"
#include "laila/passes/Simplify.h"
#include "laila/passes/SplitLoops.h"
#include "laila/ir/Verify.h"

namespace aplc_test {
namespace {

using namespace aplc::laila;

struct Shape {
  int loops = 0, selects = 0, allocationsInLoops = 0, allocations = 0, branches = 0;
};

class Counter : public IRVisitor {
 public:
  Shape shape;

 protected:
  using IRVisitor::visit;
  void visit(const For* op) override {
    ++shape.loops;
    ++depth_;
    IRVisitor::visit(op);
    --depth_;
  }
  void visit(const Select* op) override {
    ++shape.selects;
    IRVisitor::visit(op);
  }
  void visit(const IfThenElse* op) override {
    ++shape.branches;
    IRVisitor::visit(op);
  }
  void visit(const Allocate* op) override {
    ++shape.allocations;
    if (depth_ > 0) ++shape.allocationsInLoops;
    IRVisitor::visit(op);
  }

 private:
  int depth_ = 0;
};

Shape shapeOf(const Program& p) {
  Counter c;
  c.include(p.body);
  return c.shape;
}

Program splitAndSimplify(const Program& p) {
  VerifyOptions strict;
  strict.requireFrees = true;
  Program q = simplify(splitLoops(p));
  std::vector<std::string> problems = verify(q, strict);
  EXPECT_TRUE(problems.empty()) << (problems.empty() ? "" : problems[0]) << "\n" << toString(q);
  return q;
}

// for i in 0..10: a[i] = (i < cut ? i : i*2), printed.
Program selectOnLoopVariable(Builder& b, const std::function<Expr(Builder&, Expr)>& cut) {
  Expr a = b.alloc(BaseType::Int, intConst(10), "a");
  Expr limit = cut(b, a);
  b.forLoop(intConst(10), LoopKind::ParallelMap, [&](Expr i) { b.store(a, i, select(lt(i, limit), i, i * 2)); });
  b.print(a, {intConst(10)}, PrintStyle::Apl);
  b.free(a);
  return b.finish();
}

TEST(SplitLoops, AConstantCutGivesTwoLoopsWithoutTheSelect) {
  Builder b;
  Program p = splitAndSimplify(selectOnLoopVariable(b, [](Builder&, Expr) { return intConst(3); }));
  Shape s = shapeOf(p);
  EXPECT_EQ(s.loops, 2) << toString(p);
  EXPECT_EQ(s.selects, 0) << toString(p);
  std::string text = toString(p);
  EXPECT_NE(text.find("in 0..3"), std::string::npos) << text;
  EXPECT_NE(text.find("in 3..10"), std::string::npos) << text;
}

TEST(SplitLoops, AReversedComparisonCutsAtTheSamePoint) {
  // 3 > i, i.e. i < 3, written the other way round: the same two pieces.
  Builder b;
  Expr a = b.alloc(BaseType::Int, intConst(10), "a");
  b.forLoop(intConst(10), LoopKind::Sequential, [&](Expr i) { b.store(a, i, select(gt(intConst(3), i), i, neg(i))); });
  b.free(a);
  Program p = splitAndSimplify(b.finish());
  EXPECT_EQ(shapeOf(p).loops, 2) << toString(p);
  EXPECT_EQ(shapeOf(p).selects, 0) << toString(p);
}

TEST(SplitLoops, AnUnknownCutIsClampedToTheLoopsRange) {
  // The cut is read from memory before the loop: any value gives the same iterations, so the
  // pieces' bounds are clamped (min/max) and the selects stay decided only where provable.
  Builder b;
  Program p = splitAndSimplify(selectOnLoopVariable(b, [](Builder& bb, Expr a) {
    bb.store(a, intConst(0), intConst(4));
    return bb.let(load(a, intConst(0)), "cut");
  }));
  EXPECT_EQ(shapeOf(p).loops, 2) << toString(p);
  std::string text = toString(p);
  EXPECT_NE(text.find("min("), std::string::npos) << text;
}

TEST(SplitLoops, AComparisonWithWhatTheLoopChangesIsNotACut) {
  // i < a[i]: the bound is read in the loop, so the loop is left whole.
  Builder b;
  Expr a = b.alloc(BaseType::Int, intConst(10), "a");
  b.forLoop(intConst(10), LoopKind::ParallelMap, [&](Expr i) { b.store(a, i, i); });
  Expr c = b.alloc(BaseType::Int, intConst(10), "c");
  b.forLoop(intConst(10), LoopKind::ParallelMap, [&](Expr i) { b.store(c, i, select(lt(i, load(a, i)), i, intConst(0))); });
  b.free(c);
  b.free(a);
  Program p = splitAndSimplify(b.finish());
  EXPECT_EQ(shapeOf(p).loops, 2) << toString(p);
  EXPECT_EQ(shapeOf(p).selects, 1) << toString(p);
}

TEST(SplitLoops, CopiesOfABodyDeclareFreshNames) {
  // The body declares a temporary and has an inner loop: both are renamed in each copy, so the
  // verifier (unique names) accepts the result.
  Builder b;
  Expr a = b.alloc(BaseType::Int, intConst(10), "a");
  b.forLoop(intConst(10), LoopKind::ParallelMap, [&](Expr i) {
    Expr t = b.let(select(ge(i + 1, intConst(10)), i - 9, i + 1), "t");
    Expr sum = b.reduce(intConst(3), BinaryOp::Add, intConst(0), [&](Expr k) { return b.let(k * t, "term"); });
    b.store(a, i, sum);
  });
  b.free(a);
  Program p = splitAndSimplify(b.finish());
  Shape s = shapeOf(p);
  EXPECT_EQ(s.loops, 4) << toString(p);  // two pieces, each with its inner reduction
  EXPECT_EQ(s.selects, 0) << toString(p);
}

TEST(SplitLoops, InsideParallelKeepsAnOutermostParallelLoopOneLoopWithItsPiecesInside) {
  // A parallel loop over rows whose body branches on the row (an edge row) and on the column (an
  // edge column): splitLoopsInsideParallel (the OpenMP target) keeps the rows one loop, whose body
  // runs the edge row's piece or the other rows' behind a test of the row, and cuts the columns
  // in each; splitLoops cuts both into loops.
  auto rowsOfColumns = [](Builder& b) {
    Expr a = b.alloc(BaseType::Int, intConst(100), "a");
    b.forLoop(intConst(10), LoopKind::ParallelMap, [&](Expr i) {
      b.forLoop(intConst(10), LoopKind::Sequential, [&](Expr j) {
        b.store(a, i * 10 + j, select(lt(i, intConst(1)), intConst(0), select(lt(j, intConst(9)), j, i)));
      });
    });
    b.free(a);
    return b.finish();
  };
  Builder whole, split;
  Program p = simplify(splitLoopsInsideParallel(rowsOfColumns(whole)));
  Program q = simplify(splitLoops(rowsOfColumns(split)));
  EXPECT_TRUE(verify(p).empty()) << toString(p);
  // One row loop around one test of the row, each branch two column pieces: no select left.
  EXPECT_EQ(shapeOf(p).loops, 5) << toString(p);
  EXPECT_EQ(shapeOf(p).branches, 1) << toString(p);
  EXPECT_EQ(shapeOf(p).selects, 0) << toString(p);
  // Two row pieces, each around two column pieces: no select left.
  EXPECT_EQ(shapeOf(q).loops, 6) << toString(q);
  EXPECT_EQ(shapeOf(q).branches, 0) << toString(q);
  EXPECT_EQ(shapeOf(q).selects, 0) << toString(q);
}

TEST(SplitLoops, InsideParallelKeepsALoopOfMoreThanTwoCutsWhole) {
  // Three cuts of the row (a catenation of catenations): the pieces would all be in every
  // iteration's code, so the loop stays whole, its selects in place.
  Builder b;
  Expr a = b.alloc(BaseType::Int, intConst(100), "a");
  b.forLoop(intConst(10), LoopKind::ParallelMap, [&](Expr i) {
    b.forLoop(intConst(10), LoopKind::Sequential, [&](Expr j) {
      Expr v = select(lt(i, intConst(1)), intConst(0), select(lt(i, intConst(2)), intConst(1), select(lt(i, intConst(3)), intConst(2), j)));
      b.store(a, i * 10 + j, v);
    });
  });
  b.free(a);
  Program p = simplify(splitLoopsInsideParallel(b.finish()));
  EXPECT_TRUE(verify(p).empty()) << toString(p);
  EXPECT_EQ(shapeOf(p).loops, 2) << toString(p);
  EXPECT_EQ(shapeOf(p).branches, 0) << toString(p);
  EXPECT_EQ(shapeOf(p).selects, 3) << toString(p);
}

TEST(SplitLoops, InsideParallelSplitsAParallelLoopOfScalarCode) {
  // Whole, the select would be made at every item (a 1-D stencil's edges): it is split as usual.
  Builder b;
  Program p = simplify(splitLoopsInsideParallel(selectOnLoopVariable(b, [](Builder&, Expr) { return intConst(3); })));
  EXPECT_EQ(shapeOf(p).loops, 2) << toString(p);
  EXPECT_EQ(shapeOf(p).selects, 0) << toString(p);
}

// A reduction's update keeps its form `acc = acc op e` when splitting makes e op's identity or
// absorbing element: ∧/ of i < 5 over 0..10 is cut at 5, and its pieces update acc with true and
// with false, which the simplifier would otherwise fold to `acc = acc` and `acc = false`, neither
// a reduction's update (laila/ir/Verify.h).
TEST(SplitLoops, ReductionsKeepTheirUpdatesWhenTheTermFolds) {
  Builder b;
  Expr all = b.reduce(intConst(10), BinaryOp::And, boolConst(true), [&](Expr i) { return lt(i, intConst(5)); });
  b.print(all, {}, PrintStyle::Apl);
  Program q = splitAndSimplify(b.finish());
  std::string text = toString(q);
  EXPECT_NE(text.find(" && true"), std::string::npos) << text;
  EXPECT_NE(text.find(" && false"), std::string::npos) << text;
}

TEST(HoistAllocations, ASequentialLoopsTemporaryIsAllocatedOnce) {
  Builder b;
  Expr out = b.alloc(BaseType::Int, intConst(1), "out");
  b.store(out, intConst(0), intConst(0));
  b.forLoop(intConst(100), LoopKind::Sequential, [&](Expr i) {
    Expr t = b.alloc(BaseType::Int, intConst(8), "t");
    b.forLoop(intConst(8), LoopKind::ParallelMap, [&](Expr k) { b.store(t, k, k + i); });
    b.store(out, intConst(0), load(out, intConst(0)) + load(t, intConst(7)));
    b.free(t);
  });
  b.free(out);
  Program p = hoistAllocations(b.finish());
  VerifyOptions strict;
  strict.requireFrees = true;
  EXPECT_TRUE(verify(p, strict).empty()) << toString(p);
  EXPECT_EQ(shapeOf(p).allocationsInLoops, 0) << toString(p);
  EXPECT_EQ(shapeOf(p).allocations, 2) << toString(p);
}

TEST(HoistAllocations, ParallelLoopsAndSizesTheLoopChangesStay) {
  Builder b;
  // A parallel loop's temporary: one block per iteration (left in place).
  b.forLoop(intConst(4), LoopKind::ParallelMap, [&](Expr) {
    Expr t = b.alloc(BaseType::Int, intConst(8), "t");
    b.store(t, intConst(0), intConst(1));
    b.free(t);
  });
  // A sequential loop whose temporary's size is the loop variable.
  b.forLoop(intConst(4), LoopKind::Sequential, [&](Expr i) {
    Expr t = b.alloc(BaseType::Int, i + 1, "u");
    b.store(t, intConst(0), intConst(1));
    b.free(t);
  });
  Program p = hoistAllocations(b.finish());
  EXPECT_EQ(shapeOf(p).allocationsInLoops, 2) << toString(p);
}

}  // namespace
}  // namespace aplc_test
