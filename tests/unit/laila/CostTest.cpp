// Cost (laila/analysis/Cost.h): the work of a loop's iteration, which decides whether the OpenMP
// target runs a parallel loop on threads.
#include <gtest/gtest.h>

#include "laila/analysis/Cost.h"
#include "laila/ir/Builder.h"
#include "laila/ir/LoopRoles.h"
#include "laila/ir/Ops.h"

namespace aplc_test {
namespace {

using namespace aplc::laila;

// The body of the one loop `build` emits, after the loop (a parallel map over 10 iterations).
template <typename Body>
Stmt loopBody(Body build) {
  Builder b;
  Expr a = b.alloc(BaseType::Int, intConst(10), "a");
  b.forLoop(intConst(10), LoopKind::ParallelMap, [&](Expr i) { build(b, a, i); });
  b.free(a);
  Stmt program = b.finish().body;
  const Block* block = program.as<Block>();
  EXPECT_NE(block, nullptr);
  for (const Stmt& s : block->stmts)
    if (const For* loop = s.as<For>()) return loop->body;
  ADD_FAILURE() << "no loop";
  return program;
}

TEST(IterationWork, AStoreCostsItsExpressionsAndOne) {
  Stmt body = loopBody([](Builder& b, Expr a, Expr i) { b.store(a, i, i * i + 3); });
  EXPECT_EQ(iterationWork(body), 3);  // the store, a multiplication and an addition
}

TEST(IterationWork, InnerLoopsMultiplyByTheirTripCount) {
  Stmt one = loopBody([](Builder& b, Expr a, Expr i) { b.store(a, i, i * 2); });
  Stmt nested = loopBody([](Builder& b, Expr a, Expr i) {
    b.forLoop(intConst(100), LoopKind::Sequential, [&](Expr) { b.store(a, i, i * 2); });
  });
  EXPECT_EQ(iterationWork(nested), 100 * (1 + iterationWork(one)));
}

TEST(IterationWork, UnknownTripCountsAndWhileLoopsCountAFixedGuess) {
  Stmt body = loopBody([](Builder& b, Expr a, Expr i) {
    Expr n = b.let(load(a, i), "n");
    b.forLoop(n, LoopKind::Sequential, [&](Expr j) { b.store(a, i, j); });
  });
  // The let (a load), then kUnknownTrips iterations of a store.
  EXPECT_EQ(iterationWork(body), 2 + kUnknownTrips * 2);
}

// A block of a sum: `count = min(n - first, 1024)` iterations, n known only at run time, count
// as 1024 (sixteen, the unknown guess, made easter's blocks look 64 times too cheap for threads).
TEST(IterationWork, ABoundAtMostAConstantCountsAsThatConstant) {
  Stmt one = loopBody([](Builder& b, Expr a, Expr i) { b.store(a, i, i * 2); });
  Stmt block = loopBody([](Builder& b, Expr a, Expr i) {
    Expr n = b.let(load(a, i), "n");
    Expr count = b.let(min(n - i * 1024, intConst(1024)), "count");
    b.forLoop(count, LoopKind::Sequential, [&](Expr) { b.store(a, i, i * 2); });
  });
  // The two lets (a load; a multiplication, a subtraction and a min), then 1024 iterations.
  EXPECT_EQ(iterationWork(block), 2 + 4 + 1024 * (1 + iterationWork(one)));
}

// A check's cold validation runs only on the way to an error: it must not make a small loop look
// big enough for threads (life's rows, whose neighbour sums each have one over the whole board).
TEST(IterationWork, ColdValidationLoopsAreNoWork) {
  Stmt one = loopBody([](Builder& b, Expr a, Expr i) { b.store(a, i, i * 2); });
  Stmt withCold = loopBody([](Builder& b, Expr a, Expr i) {
    b.forLoop(intConst(1000000), LoopKind::Sequential, [&](Expr j) { b.store(a, i, j); }, kColdLoopBase);
    b.store(a, i, i * 2);
  });
  EXPECT_EQ(iterationWork(withCold), iterationWork(one));
}

// One branch of an `if` runs: its work is the costlier branch's, not both (SplitLoops keeps an
// OpenMP loop's pieces in one loop as a chain of them: life's rows counted thrice).
TEST(IterationWork, AnIfCostsItsConditionAndItsCostlierBranch) {
  Stmt cheap = loopBody([](Builder& b, Expr a, Expr i) { b.store(a, i, i * 2); });
  Stmt costly = loopBody([](Builder& b, Expr a, Expr i) {
    b.forLoop(intConst(100), LoopKind::Sequential, [&](Expr j) { b.store(a, i, j); });
  });
  Stmt branches = loopBody([](Builder& b, Expr a, Expr i) {
    b.ifThenElse(
        lt(i, intConst(1)), [&] { b.store(a, i, i * 2); },
        [&] { b.forLoop(intConst(100), LoopKind::Sequential, [&](Expr j) { b.store(a, i, j); }); });
  });
  EXPECT_EQ(iterationWork(branches), 2 + iterationWork(costly));  // the condition (a comparison, and one)
  EXPECT_GT(iterationWork(costly), iterationWork(cheap));
}

TEST(IterationWork, VariesWithAWhileLoopInside) {
  Stmt uniform = loopBody([](Builder& b, Expr a, Expr i) {
    b.forLoop(intConst(100), LoopKind::Sequential, [&](Expr j) { b.store(a, i, j); });
  });
  EXPECT_FALSE(iterationWorkVaries(uniform));
  Stmt varying = loopBody([](Builder& b, Expr a, Expr i) {
    Var n = b.declare(i, "n");
    b.whileLoop([&] { return gt(var(n), intConst(0)); }, [&] { b.assign(n, var(n) - 1); });
    b.store(a, i, var(n));
  });
  EXPECT_TRUE(iterationWorkVaries(varying));
}

TEST(IterationWork, SaturatesInsteadOfOverflowing) {
  Stmt body = loopBody([](Builder& b, Expr a, Expr i) {
    b.forLoop(intConst(int64_t(1) << 40), LoopKind::Sequential, [&](Expr) {
      b.forLoop(intConst(int64_t(1) << 40), LoopKind::Sequential, [&](Expr j) { b.store(a, i, j); });
    });
  });
  EXPECT_EQ(iterationWork(body), kWorkLimit);
}

}  // namespace
}  // namespace aplc_test
