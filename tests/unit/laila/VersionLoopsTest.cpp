// VersionLoops (laila/passes/VersionLoops.h): a loop reading singleton-extension strides gets a version
// where they are 1, which the simplifier reduces to the loop of equal shapes.
#include <gtest/gtest.h>

#include <set>

#include "laila/ir/Builder.h"
#include "laila/ir/IRVisitor.h"
#include "laila/ir/Print.h"
#include "laila/passes/Simplify.h"
#include "laila/ir/Verify.h"
#include "laila/passes/VersionLoops.h"

namespace aplc_test {
namespace {

using namespace aplc::laila;

// Loops, ifs, and the loops whose bodies still read a stride.
struct Counts {
  int loops = 0, ifs = 0, loopsReadingStrides = 0;
};

class Counter : public IRVisitor {
 public:
  Counts counts;

 protected:
  using IRVisitor::visit;
  void visit(const For* op) override {
    ++counts.loops;
    struct Reads : IRVisitor {
      bool stride = false;
      using IRVisitor::visit;
      void visit(const Variable* v) override { stride = stride || v->name.base == kExtensionStride; }
    } reads;
    reads.include(op->body);
    if (reads.stride) ++counts.loopsReadingStrides;
    IRVisitor::visit(op);
  }
  void visit(const IfThenElse* op) override {
    ++counts.ifs;
    IRVisitor::visit(op);
  }
};

Counts countsOf(const Program& p) {
  Counter c;
  c.include(p.body);
  return c.counts;
}

Program versionAndSimplify(const Program& p) {
  VerifyOptions strict;
  strict.requireFrees = true;
  Program q = simplify(versionLoops(p));
  std::vector<std::string> problems = verify(q, strict);
  EXPECT_TRUE(problems.empty()) << (problems.empty() ? "" : problems[0]) << "\n" << toString(q);
  return q;
}

// c[i] = a[i*s] + 1 for i in 0..10, s a stride known at run time only.
Program stridedCopy(Builder& b, bool strideInsideOuterLoop) {
  Expr a = b.alloc(BaseType::Int, intConst(10), "a");
  Expr c = b.alloc(BaseType::Int, intConst(10), "c");
  auto inner = [&](Expr s) {
    b.forLoop(intConst(10), LoopKind::ParallelMap, [&](Expr i) { b.store(c, i, load(a, i * s) + intConst(1)); });
  };
  if (strideInsideOuterLoop) {
    b.forLoop(intConst(3), LoopKind::Sequential, [&](Expr) { inner(b.let(load(a, intConst(0)), kExtensionStride)); });
  } else {
    inner(b.let(load(a, intConst(0)), kExtensionStride));
  }
  b.print(c, {intConst(10)}, PrintStyle::Apl);
  b.free(a);
  b.free(c);
  return b.finish();
}

TEST(VersionLoops, ALoopReadingAStrideGetsAVersionWithout) {
  Builder b;
  Program p = versionAndSimplify(stridedCopy(b, false));
  Counts n = countsOf(p);
  EXPECT_EQ(n.loops, 2) << toString(p);
  EXPECT_EQ(n.ifs, 1) << toString(p);
  EXPECT_EQ(n.loopsReadingStrides, 1) << toString(p);  // the general version only
}

TEST(VersionLoops, AStrideDeclaredInAnOuterLoopVersionsTheInnerLoop) {
  Builder b;
  Program p = versionAndSimplify(stridedCopy(b, true));
  Counts n = countsOf(p);
  EXPECT_EQ(n.loops, 3) << toString(p);  // the outer loop, the inner loop's two versions
  EXPECT_EQ(n.ifs, 1) << toString(p);
}

TEST(VersionLoops, ALoopWithoutStridesIsLeftAlone) {
  Builder b;
  Expr c = b.alloc(BaseType::Int, intConst(10), "c");
  b.forLoop(intConst(10), LoopKind::ParallelMap, [&](Expr i) { b.store(c, i, i * i); });
  b.print(c, {intConst(10)}, PrintStyle::Apl);
  b.free(c);
  Program p = versionAndSimplify(b.finish());
  Counts n = countsOf(p);
  EXPECT_EQ(n.loops, 1) << toString(p);
  EXPECT_EQ(n.ifs, 0) << toString(p);
}

}  // namespace
}  // namespace aplc_test
