// Memory expansion (backend/memory/Expansion.h): a parallel loop whose iterations each allocate
// an array of a bounded, varying count becomes a loop over chunks of iterations, the arrays parts
// of one block the host allocates; allocations it cannot take keep their loop as it was.
#include <gtest/gtest.h>

#include <string>

#include "backend/memory/Expansion.h"
#include "laila/analysis/MemoryCheck.h"
#include "laila/ir/Builder.h"
#include "laila/ir/Ops.h"
#include "laila/ir/Print.h"
#include "laila/ir/Verify.h"
#include "tests/unit/laila/TextCount.h"

namespace aplc_test {
namespace {

using namespace aplc::laila;
using aplc::memory::expandAllocations;

// for i in 0..n (parallel) { t = alloc int[i + 1]; t[k] = k for k ≤ i; out[i] = t[i]; free t }
// with `passed`, t is also handed to a runtime call (a grade), which needs a block of its own.
Program perIteration(bool passed) {
  Builder b;
  Var n = b.declare(intConst(100), "n");
  Expr out = b.alloc(BaseType::Int, var(n), "out");
  b.forLoop(var(n), LoopKind::ParallelMap, [&](Expr i) {
    Expr t = b.alloc(BaseType::Int, i + 1, "t");
    b.forLoop(i + 1, LoopKind::Sequential, [&](Expr k) { b.store(t, k, k); });
    if (passed) {
      Expr g = b.alloc(BaseType::Int, i + 1, "g");
      b.let(call("aplc_gen_grade", IntType, {intConst(0), t, i + 1, g, intConst(0)}), "r");
      b.free(g);
    }
    b.store(out, i, Load::make(t, i));
    b.free(t);
  });
  b.print(out, {var(n)}, PrintStyle::Apl);
  b.free(out);
  return Program{b.finish()};
}

TEST(Expansion, AnAllocationPerIterationIsAPartOfOneBlock) {
  Program p = expandAllocations(perIteration(false));
  VerifyOptions strict;
  strict.requireFrees = true;
  EXPECT_EQ(verify(p, strict), std::vector<std::string>{}) << toString(p);
  EXPECT_EQ(checkMemory(p), std::vector<std::string>{}) << toString(p);
  std::string text = toString(p);
  EXPECT_EQ(count(text, "alloc int[chunk_"), 1u) << text;
  EXPECT_EQ(count(text, "alloc int[i_"), 0u) << text;  // no allocation left in the loop
  EXPECT_EQ(count(text, "aplc_expansion_chunk("), 1u) << text;
  EXPECT_EQ(count(text, "parallel for j_"), 1u) << text;  // the chunk's iterations
  EXPECT_NE(text.find("LIMIT ERROR"), std::string::npos) << text;  // the part's width is checked
}

TEST(Expansion, AnArrayPassedToACallKeepsItsLoop) {
  Program before = perIteration(true);
  Program after = expandAllocations(before);
  EXPECT_EQ(toString(after), toString(before));
}

}  // namespace
}  // namespace aplc_test
