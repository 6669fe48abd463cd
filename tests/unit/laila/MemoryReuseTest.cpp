// The passes that keep less memory: InPlaceUpdates and EarlyFrees (an element-wise result takes
// the memory of an operand that dies with its loop, memory is freed right after its last use),
// RecomputeArrays (an array of a few operations on its index is computed where read) and
// LaneInvariants (what a per-point power's lanes compute the same in every iteration, once per
// tile).
#include <gtest/gtest.h>

#include <string>

#include "laila/ir/Builder.h"
#include "laila/ir/LoopRoles.h"
#include "laila/ir/Ops.h"
#include "laila/ir/Print.h"
#include "laila/ir/Verify.h"
#include "laila/passes/EarlyFrees.h"
#include "laila/passes/InPlaceUpdates.h"
#include "laila/passes/LaneInvariants.h"
#include "laila/passes/RecomputeArrays.h"
#include "tests/unit/laila/TextCount.h"

namespace aplc_test {
namespace {

using namespace aplc::laila;

constexpr int64_t kN = 8;

std::string checked(const Program& p) {
  VerifyOptions strict;
  strict.requireFrees = true;
  EXPECT_TRUE(verify(p, strict).empty()) << toString(p);
  return toString(p);
}

// a ← ⍳n; m ← a×a computed by `loop` (which may read a elsewhere too); `after` runs after
// m's loop, before m is printed and both are freed.
struct Square {
  LoopKind kind = LoopKind::ParallelMap;
  std::function<Expr(Expr a, Expr i)> element = [](Expr a, Expr i) { return load(a, i) * load(a, i); };
  std::function<void(Builder&, Expr a, Expr m)> after = nullptr;
  bool freeA = true;  // false when `after` moves a's memory away
};

Program square(const Square& how = {}) {
  Builder b;
  Expr n = intConst(kN);
  Expr a = b.alloc(BaseType::Int, n, "a");
  b.forLoop(n, LoopKind::ParallelMap, [&](Expr i) { b.store(a, i, i); });
  Expr m = b.alloc(BaseType::Int, n, "m");
  b.forLoop(n, how.kind, [&](Expr i) { b.store(m, i, how.element(a, i)); });
  if (how.after) how.after(b, a, m);
  b.print(m, {n}, PrintStyle::Apl);
  b.free(m);
  if (how.freeA) b.free(a);
  return b.finish();
}

TEST(InPlaceUpdates, TheResultTakesTheMemoryOfAnOperandThatDies) {
  std::string text = checked(updateInPlace(square()));
  EXPECT_EQ(count(text, "alloc int["), 1u) << text;
  EXPECT_NE(text.find("a_1[i_4] = a_1[i_4] * a_1[i_4]"), std::string::npos) << text;
  EXPECT_NE(text.find("print apl a_1"), std::string::npos) << text;
  EXPECT_EQ(count(text, "free "), 1u) << text;
}

TEST(InPlaceUpdates, SequentialLoopsToo) {
  std::string text = checked(updateInPlace(square({.kind = LoopKind::Sequential})));
  EXPECT_EQ(count(text, "alloc int["), 1u) << text;
}

TEST(InPlaceUpdates, ACopyOntoItselfGoes) {
  // m ← a, then m[3] ← 7 (an indexed assignment): once m is a, its copy stores each element over
  // itself, so the loop goes and only the assignment is left.
  Program p = square({.element = [](Expr a, Expr i) { return load(a, i); },
                      .after = [](Builder& b, Expr, Expr m) { b.store(m, intConst(3), intConst(7)); }});
  std::string text = checked(updateInPlace(p));
  EXPECT_EQ(count(text, "alloc int["), 1u) << text;
  EXPECT_EQ(count(text, "for "), 1u) << text;  // a's own loop
  EXPECT_NE(text.find("a_1[3] = 7"), std::string::npos) << text;
}

TEST(InPlaceUpdates, NotWhenTheOperandIsReadAfterwards) {
  Program p = square({.after = [](Builder& b, Expr a, Expr) { b.print(a, {intConst(kN)}, PrintStyle::Apl); }});
  EXPECT_EQ(toString(updateInPlace(p)), toString(p));
}

TEST(InPlaceUpdates, NotWhenAnIterationReadsAnotherElement) {
  // m[i] = a[i] + a[0]: iteration 0 would change what the later ones read.
  Program p = square({.element = [](Expr a, Expr i) { return load(a, i) + load(a, intConst(0)); }});
  EXPECT_EQ(toString(updateInPlace(p)), toString(p));
}

TEST(InPlaceUpdates, NotWhenTheOperandIsMoved) {
  Program p = square({.after = [](Builder& b, Expr a, Expr) {
    Expr other = b.alloc(BaseType::Int, intConst(kN), "other");
    b.free(other);
    b.assign(other.as<Variable>()->var(), a);  // other takes a's memory
    b.free(other);
  }, .freeA = false});
  EXPECT_EQ(toString(updateInPlace(p)), toString(p));
}

TEST(InPlaceUpdates, NotWhenTheSizesMayDiffer) {
  Builder b;
  Expr a = b.alloc(BaseType::Int, intConst(kN), "a");
  b.forLoop(intConst(kN), LoopKind::ParallelMap, [&](Expr i) { b.store(a, i, i); });
  Expr m = b.alloc(BaseType::Int, intConst(kN + 1), "m");
  b.forLoop(intConst(kN), LoopKind::ParallelMap, [&](Expr i) { b.store(m, i, load(a, i) + intConst(1)); });
  b.print(m, {intConst(kN)}, PrintStyle::Apl);
  b.free(m);
  b.free(a);
  Program p = b.finish();
  EXPECT_EQ(toString(updateInPlace(p)), toString(p));
}

TEST(EarlyFrees, FreesMoveUpToTheLastUse) {
  // a is last read by m's loop: freed before m is printed, and before the next allocation.
  Program p = square({.after = [](Builder& b, Expr, Expr m) {
    Expr t = b.alloc(BaseType::Int, intConst(1), "t");
    b.store(t, intConst(0), load(m, intConst(0)));
    b.print(t, {intConst(1)}, PrintStyle::Apl);
    b.free(t);
  }});
  std::string text = checked(freeEarly(p));
  EXPECT_LT(text.find("free a_1"), text.find("alloc int[1]")) << text;
  EXPECT_LT(text.find("free t_"), text.find("print apl m_")) << text;
  EXPECT_GT(text.find("free m_"), text.find("print apl m_")) << text;
}

TEST(EarlyFrees, AFreeStaysInItsBlock) {
  // Memory allocated before a loop and freed after it: the free never enters the loop.
  Builder b;
  Expr a = b.alloc(BaseType::Int, intConst(kN), "a");
  b.forLoop(intConst(3), LoopKind::Sequential, [&](Expr k) {
    b.forLoop(intConst(kN), LoopKind::ParallelMap, [&](Expr i) { b.store(a, i, i + k); });
  });
  b.print(intConst(1), {}, PrintStyle::Apl);
  b.free(a);
  std::string text = checked(freeEarly(b.finish()));
  EXPECT_LT(text.find("free a_1"), text.find("print apl 1")) << text;
  EXPECT_EQ(text.find("  free a_1"), std::string::npos) << text;  // not indented: not in the loop
}

// c ← 0.5×⍳n (in memory), then read at i+1 by a loop that prints its sum; `extra` may add
// statements after the reading loop.
Program halves(const std::function<void(Builder&, Expr c)>& extra = nullptr) {
  Builder b;
  Expr n = intConst(kN);
  Expr c = b.alloc(BaseType::Double, n, "c");
  b.forLoop(n, LoopKind::ParallelMap, [&](Expr i) {
    Expr x = b.let(i2d(i + intConst(1)), "x");
    b.store(c, i, x * doubleConst(0.5));
  });
  Expr sum = b.reduce(n - intConst(1), BinaryOp::Add, doubleConst(0.0), [&](Expr i) { return load(c, i + intConst(1)); });
  b.print(sum, {}, PrintStyle::Apl);
  if (extra) extra(b, c);
  b.free(c);
  return b.finish();
}

TEST(RecomputeArrays, AnArrayOfItsIndexIsComputedWhereRead) {
  std::string text = checked(recomputeArrays(halves()));
  EXPECT_EQ(count(text, "alloc"), 0u) << text;
  EXPECT_EQ(count(text, "free"), 0u) << text;
  EXPECT_NE(text.find("i2d(i_"), std::string::npos) << text;
  EXPECT_NE(text.find("* 0.5"), std::string::npos) << text;
}

TEST(RecomputeArrays, NotWhenTheArrayIsPrintedOrStoredTo) {
  Program printed = halves([](Builder& b, Expr c) { b.print(c, {intConst(kN)}, PrintStyle::Apl); });
  EXPECT_EQ(toString(recomputeArrays(printed)), toString(printed));
  Program stored = halves([](Builder& b, Expr c) { b.store(c, intConst(0), doubleConst(1.0)); });
  EXPECT_EQ(toString(recomputeArrays(stored)), toString(stored));
}

TEST(RecomputeArrays, NotWhenTheElementReadsMemoryOrAnotherVariable) {
  Builder b;
  Expr n = intConst(kN);
  Expr k = var(b.declare(intConst(3), "k"));
  Expr c = b.alloc(BaseType::Int, n, "c");
  b.forLoop(n, LoopKind::ParallelMap, [&](Expr i) { b.store(c, i, i * k); });
  b.print(load(c, intConst(2)), {}, PrintStyle::Apl);
  b.free(c);
  Program p = b.finish();
  EXPECT_EQ(toString(recomputeArrays(p)), toString(p));
}

// A per-point power's shape: `for 5 times { parallel for lane in 0..width { z[lane] = z[lane] *
// f(lane) } }` with f(lane) = i2d(lane) × 0.25 + 1 (the same in every iteration).
// With `countKnown` false the count is a variable, which the pass cannot know is at least 1.
Program tiledPower(bool countKnown) {
  Builder b;
  Expr width = var(b.declare(intConst(4), "width"));
  Expr iterations = countKnown ? intConst(5) : var(b.declare(intConst(5), "n"));
  Expr z = b.alloc(BaseType::Double, intConst(4), "z");
  b.forLoop(width, LoopKind::ParallelMap, [&](Expr i) { b.store(z, i, doubleConst(1.0)); });
  b.forLoop(iterations, LoopKind::Sequential, [&](Expr) {
    b.forLoop(width, LoopKind::ParallelMap, [&](Expr lane) {
      Expr f = i2d(lane) * doubleConst(0.25) + doubleConst(1.0);
      b.store(z, lane, load(z, lane) * f);
    }, kLaneLoopBase);
  });
  b.print(z, {intConst(4)}, PrintStyle::Apl);
  b.free(z);
  return b.finish();
}

TEST(LaneInvariants, ValuesTheSameInEveryIterationAreComputedOncePerLane) {
  std::string text = checked(hoistLaneInvariants(tiledPower(true)));
  // The buffer is as wide as the lanes' constant extent (width_1 = 4): a private array.
  size_t buffer = text.find("lanes_6 = alloc double[4]"), power = text.find("for i_", buffer);
  ASSERT_NE(buffer, std::string::npos) << text;
  EXPECT_LT(text.find("i2d(lane_"), power) << text;     // computed before the power loop
  EXPECT_NE(text.find("* lanes_"), std::string::npos) << text;  // read from the buffer in it
  EXPECT_EQ(text.find("if ("), std::string::npos) << text;  // the power surely runs: no guard
}

TEST(LaneInvariants, GuardedWhenThePowerMayNotRun) {
  std::string text = checked(hoistLaneInvariants(tiledPower(false)));
  EXPECT_NE(text.find("if (0 < n_"), std::string::npos) << text;
}

TEST(LaneInvariants, NotWhatDependsOnTheState) {
  // z[lane] × z[lane] changes every iteration: nothing to hoist.
  Builder b;
  Expr z = b.alloc(BaseType::Double, intConst(4), "z");
  b.forLoop(intConst(4), LoopKind::ParallelMap, [&](Expr i) { b.store(z, i, doubleConst(1.5)); });
  b.forLoop(intConst(3), LoopKind::Sequential, [&](Expr) {
    b.forLoop(intConst(4), LoopKind::ParallelMap, [&](Expr lane) {
      b.store(z, lane, load(z, lane) * load(z, lane) + doubleConst(1.0));
    }, kLaneLoopBase);
  });
  b.print(z, {intConst(4)}, PrintStyle::Apl);
  b.free(z);
  Program p = b.finish();
  EXPECT_EQ(toString(hoistLaneInvariants(p)), toString(p));
}

// z[lane] × (c[lane] × 2 + 1) in every iteration, after a check when `checked`.
Program powerReadingAnArray(bool checked) {
  Builder b;
  Expr c = b.alloc(BaseType::Double, intConst(4), "c");
  Expr z = b.alloc(BaseType::Double, intConst(4), "z");
  b.forLoop(intConst(4), LoopKind::ParallelMap, [&](Expr i) {
    b.store(c, i, i2d(i));
    b.store(z, i, doubleConst(1.0));
  });
  b.forLoop(intConst(3), LoopKind::Sequential, [&](Expr) {
    b.forLoop(intConst(4), LoopKind::ParallelMap, [&](Expr lane) {
      if (checked) b.check(lt(lane, intConst(3)), ErrorKind::Index, ErrorLoc{}, "lane");
      b.store(z, lane, load(z, lane) * (load(c, lane) * doubleConst(2.0) + doubleConst(1.0)));
    }, kLaneLoopBase);
  });
  b.print(z, {intConst(4)}, PrintStyle::Apl);
  b.free(z);
  b.free(c);
  return b.finish();
}

TEST(LaneInvariants, LoadsOfMemoryThePowerDoesNotWriteButNotAfterACheck) {
  std::string text = checked(hoistLaneInvariants(powerReadingAnArray(false)));
  EXPECT_NE(text.find("= c_1[lane_"), std::string::npos) << text;  // c[lane] × 2 + 1, once per lane
  Program guarded = powerReadingAnArray(true);
  EXPECT_EQ(toString(hoistLaneInvariants(guarded)), toString(guarded));
}

}  // namespace
}  // namespace aplc_test
