// Copies of arrays nothing reads afterwards become moves (backend/memory/CopyElision.h). Each
// test builds a copy loop by hand, runs the pass, verifies the result (frees required: every
// block is still freed once) and counts what is left in its text.
#include <gtest/gtest.h>

#include <string>

#include "backend/memory/CopyElision.h"
#include "laila/ir/Builder.h"
#include "laila/ir/Ops.h"
#include "laila/ir/Print.h"
#include "laila/ir/Verify.h"
#include "tests/unit/laila/TextCount.h"

namespace aplc_test {
namespace {

using namespace aplc::laila;
using aplc::memory::elideCopies;

constexpr int64_t kN = 8;

struct Copying {
  bool readSourceAfter = false;  // s is printed after the copy
  bool inBranch = false;         // the copy is in an if, s freed after it
  bool inBothBranches = false;   // a copy in each branch of an if, s freed after it
  bool inOneBranch = false;      // a copy in an if without else, s freed after it
  bool inLoop = false;           // the copy is in a loop that reads s in its next iteration
};

// s ← ⍳8; d ← s (a copy loop); print d.
Program copying(const Copying& how) {
  Builder b;
  Expr n = intConst(kN);
  Expr s = b.alloc(BaseType::Int, n, "s");
  b.forLoop(n, LoopKind::ParallelMap, [&](Expr i) { b.store(s, i, i); });
  auto copy = [&] {
    Expr d = b.alloc(BaseType::Int, n, "d");
    b.forLoop(n, LoopKind::ParallelMap, [&](Expr i) { b.store(d, i, Load::make(s, i)); });
    b.print(d, {n}, PrintStyle::Apl);
    b.free(d);
  };
  if (how.inBranch) {
    b.ifThen(boolConst(true), copy);
  } else if (how.inOneBranch) {
    b.ifThen(var(b.declare(boolConst(true), "c")), copy);
  } else if (how.inBothBranches) {
    b.ifThenElse(var(b.declare(boolConst(true), "c")), copy, copy);  // a variable: not folded
  } else if (how.inLoop) {
    b.forLoop(intConst(2), LoopKind::Sequential, [&](Expr) { copy(); });
  } else {
    copy();
  }
  if (how.readSourceAfter) b.print(s, {n}, PrintStyle::Apl);
  b.free(s);
  return b.finish();
}

std::string elided(const Program& p) {
  Program r = elideCopies(p);
  VerifyOptions strict;
  strict.requireFrees = true;
  std::vector<std::string> errors = verify(r, strict);
  EXPECT_TRUE(errors.empty()) << (errors.empty() ? "" : errors[0]) << "\n" << toString(r);
  return toString(r);
}

TEST(CopyElision, ACopyOfADyingArrayIsAMove) {
  std::string text = elided(copying({}));
  EXPECT_EQ(count(text, "for "), 1u) << text;         // s's own loop; the copy is gone
  EXPECT_EQ(count(text, "d_3 = s_1;"), 1u) << text;  // d takes s's block
  EXPECT_EQ(count(text, "alloc int[8]"), 1u) << text;
  EXPECT_EQ(count(text, "free s_1"), 0u) << text;  // its block is freed as d's
}

TEST(CopyElision, InABranchTheSourceTakesAnEmptyBlockForItsFree) {
  std::string text = elided(copying({.inBranch = true}));
  EXPECT_EQ(count(text, "for "), 1u) << text;
  EXPECT_EQ(count(text, "s_1 = empty_"), 1u) << text;
  EXPECT_EQ(count(text, "free s_1"), 1u) << text;
}

// Both branches move s's block away and its free is next after the if: s holds no block on
// either path, so neither branch gives it an empty block and the free goes.
TEST(CopyElision, InBothBranchesNoEmptyBlockAndNoFree) {
  std::string text = elided(copying({.inBothBranches = true}));
  EXPECT_EQ(count(text, "for "), 1u) << text;
  EXPECT_EQ(count(text, "= s_1;"), 2u) << text;
  EXPECT_EQ(count(text, "empty_"), 0u) << text;
  EXPECT_EQ(count(text, "alloc int[0]"), 0u) << text;
  EXPECT_EQ(count(text, "free s_1"), 0u) << text;
}

// Only one branch moves s's block away: the free after the if moves into the other branch, so
// the branch that moved it needs no empty block.
TEST(CopyElision, InOneBranchTheFreeMovesIntoTheOther) {
  std::string text = elided(copying({.inOneBranch = true}));
  EXPECT_EQ(count(text, "for "), 1u) << text;
  EXPECT_EQ(count(text, "= s_1;"), 1u) << text;
  EXPECT_EQ(count(text, "empty_"), 0u) << text;
  EXPECT_EQ(count(text, "} else {\n  free s_1;\n}"), 1u) << text;
  EXPECT_EQ(count(text, "free s_1"), 1u) << text;
}

TEST(CopyElision, NotWhenTheSourceIsReadAfterwards) {
  auto unchanged = [](const Copying& how) {
    Program p = copying(how);
    return toString(elideCopies(p)) == toString(p);
  };
  EXPECT_TRUE(unchanged({.readSourceAfter = true}));
  EXPECT_TRUE(unchanged({.inLoop = true}));  // the next iteration copies s again
}

}  // namespace
}  // namespace aplc_test
