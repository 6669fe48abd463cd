// A freed block given to the next allocation of the same size (backend/memory/BlockReuse.h).
// Each test builds a sequence of temporaries by hand, runs the pass, verifies the result (frees
// required: every block still freed once) and counts the allocations left in its text.
#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "backend/memory/BlockReuse.h"
#include "laila/ir/Builder.h"
#include "laila/ir/Ops.h"
#include "laila/ir/Print.h"
#include "laila/ir/Verify.h"
#include "tests/unit/laila/TextCount.h"

namespace aplc_test {
namespace {

using namespace aplc::laila;
using aplc::memory::reuseBlocks;

constexpr int64_t kN = 600;  // over a private array's 512 bytes

// A temporary of `count` items of `base`: filled, printed (or its first item stored into
// sink[at], in a parallel loop, which may not print), freed.
void temporary(Builder& b, BaseType base, Expr count, const char* name, Expr sink = Expr(), Expr at = Expr()) {
  Expr t = b.alloc(base, count, name);
  b.forLoop(count, LoopKind::ParallelMap, [&](Expr i) {
    b.store(t, i, base == BaseType::Double ? Expr(doubleConst(1.5)) : Expr(i));
  });
  if (sink.defined())
    b.store(sink, at, Load::make(t, intConst(0)));
  else
    b.print(t, {count}, PrintStyle::Apl);
  b.free(t);
}

std::string reused(const Program& p) {
  Program r = reuseBlocks(p);
  VerifyOptions strict;
  strict.requireFrees = true;
  std::vector<std::string> errors = verify(r, strict);
  EXPECT_TRUE(errors.empty()) << (errors.empty() ? "" : errors[0]) << "\n" << toString(r);
  return toString(r);
}

size_t allocations(const std::string& text) { return count(text, "= alloc "); }

TEST(BlockReuse, ThreeTemporariesOfOneSizeShareOneBlock) {
  Builder b;
  for (const char* name : {"a", "b", "c"}) temporary(b, BaseType::Int, intConst(kN), name);
  std::string text = reused(b.finish());
  EXPECT_EQ(allocations(text), 1u) << text;
  EXPECT_EQ(count(text, "free "), 1u) << text;  // the last name frees the one block
  EXPECT_NE(text.find("= a_1;"), std::string::npos) << text;  // b takes a's block
}

TEST(BlockReuse, EqualCountsOverAVariable) {
  Builder b;
  Var n = b.declare(intConst(kN), "n");
  temporary(b, BaseType::Double, mul(var(n), intConst(2)), "a");
  temporary(b, BaseType::Double, add(var(n), var(n)), "b");  // the same count, simplified
  EXPECT_EQ(allocations(reused(b.finish())), 1u);
}

TEST(BlockReuse, NotAcrossElementTypes) {
  Builder b;
  temporary(b, BaseType::Int, intConst(kN), "a");
  temporary(b, BaseType::Double, intConst(kN), "b");
  EXPECT_EQ(allocations(reused(b.finish())), 2u);
}

TEST(BlockReuse, NotForASmallerArray) {  // the difference would be held for the smaller's life
  Builder b;
  temporary(b, BaseType::Int, intConst(kN), "a");
  temporary(b, BaseType::Int, intConst(kN - 1), "b");
  EXPECT_EQ(allocations(reused(b.finish())), 2u);
}

TEST(BlockReuse, NotWhenSomethingIsAllocatedBetween) {  // the freed block could have served it
  for (bool nested : {false, true}) {
    Builder b;
    temporary(b, BaseType::Int, intConst(kN), "a");
    if (nested)  // an allocation inside a statement between
      b.forLoop(intConst(2), LoopKind::Sequential, [&](Expr) { temporary(b, BaseType::Int, intConst(kN), "x"); });
    else
      temporary(b, BaseType::Double, intConst(kN), "x");
    temporary(b, BaseType::Int, intConst(kN), "b");
    EXPECT_EQ(allocations(reused(b.finish())), 3u) << (nested ? "nested" : "");
  }
}

TEST(BlockReuse, NotWhenTheCountsVariableChangesBetween) {
  Builder b;
  Var n = b.declare(intConst(kN), "n");
  temporary(b, BaseType::Int, var(n), "a");
  b.assign(n, add(var(n), intConst(1)));
  temporary(b, BaseType::Int, var(n), "b");  // one item more than a's block holds
  EXPECT_EQ(allocations(reused(b.finish())), 2u);
}

TEST(BlockReuse, NotWhenAnotherBlockIsMovedInAfterTheFree) {
  // s's block moved into a after a's free: a then holds s's block, not the one it allocated, so
  // b taking "a's" block would leave a's own unfreed.
  Builder b;
  Expr n = intConst(kN);
  Expr s = b.alloc(BaseType::Int, n, "s");
  b.forLoop(n, LoopKind::ParallelMap, [&](Expr i) { b.store(s, i, i); });
  Expr a = b.alloc(BaseType::Int, n, "a");
  b.forLoop(n, LoopKind::ParallelMap, [&](Expr i) { b.store(a, i, i); });
  b.print(a, {n}, PrintStyle::Apl);
  b.free(a);
  b.assign(a.as<Variable>()->var(), s);
  b.print(a, {n}, PrintStyle::Apl);
  b.free(a);
  temporary(b, BaseType::Int, n, "c");
  EXPECT_EQ(allocations(reused(b.finish())), 3u);
}

TEST(BlockReuse, InASequentialLoopsBodyButNotAParallelOnes) {
  for (LoopKind kind : {LoopKind::Sequential, LoopKind::ParallelMap}) {
    Builder b;
    Expr firsts = b.alloc(BaseType::Int, intConst(6), "firsts");
    b.forLoop(intConst(3), kind, [&](Expr j) {
      temporary(b, BaseType::Int, intConst(kN), "a", firsts, j);
      temporary(b, BaseType::Int, intConst(kN), "b", firsts, add(j, intConst(3)));
    });
    b.print(firsts, {intConst(6)}, PrintStyle::Apl);
    b.free(firsts);
    EXPECT_EQ(allocations(reused(b.finish())), kind == LoopKind::Sequential ? 2u : 3u);
  }
}

}  // namespace
}  // namespace aplc_test
