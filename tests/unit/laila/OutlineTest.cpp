// Outlining (laila/passes/Outline.h): large compound statements become functions whose parameters are
// the variables they read (by value) or assign (inout); the result verifies strictly.
#include <gtest/gtest.h>

#include "laila/ir/Builder.h"
#include "laila/ir/Ops.h"
#include "laila/passes/Outline.h"
#include "laila/ir/Print.h"
#include "laila/ir/Verify.h"

namespace aplc_test {
namespace {

using namespace aplc::laila;

// Small bounds, so that programs of a few statements are cut.
OutlineOptions tiny() {
  OutlineOptions o;
  o.maxFunctionSize = 20;
  o.minOutlinedSize = 5;
  return o;
}

void expectVerifies(const Program& p) {
  VerifyOptions strict;
  strict.requireFrees = true;
  std::vector<std::string> problems = verify(p, strict);
  EXPECT_TRUE(problems.empty()) << (problems.empty() ? "" : problems[0]) << "\n" << toString(p);
}

const Function* find(const Program& p, const std::string& paramName) {
  for (const Function& f : p.functions) {
    for (const Param& q : f.params) {
      if (q.var.name.base == paramName) return &f;
    }
  }
  return nullptr;
}

// n = 10; s = 0; for i in 0..n { s = s + i*i }; a = alloc[n]; parallel for j { a[j] = j + s };
// print s; print a.
Program sumAndFill() {
  Builder b;
  Var n = b.declare(intConst(10), "n");
  Var s = b.declare(intConst(0), "s");
  b.forLoop(var(n), LoopKind::Sequential, [&](Expr i) { b.assign(s, var(s) + i * i); });
  Expr a = b.alloc(BaseType::Int, var(n), "a");
  b.forLoop(var(n), LoopKind::ParallelMap, [&](Expr j) { b.store(a, j, j + var(s) * (j + 1) - j * 3); });
  b.print(var(s), {}, PrintStyle::Apl);
  b.print(a, {var(n)}, PrintStyle::Apl);
  b.free(a);
  return b.finish();
}

TEST(Outline, AProgramWithinTheBoundIsUnchanged) {
  Program p = sumAndFill();
  Program q = outline(p);
  EXPECT_TRUE(q.functions.empty());
  EXPECT_EQ(toString(q), toString(p));
}

TEST(Outline, LoopsBecomeFunctionsWithTheirFreeVariablesAsParameters) {
  Program q = outline(sumAndFill(), tiny());
  expectVerifies(q);
  ASSERT_EQ(q.functions.size(), 2u) << toString(q);
  // The sequential loop assigns s: inout; it reads n by value.
  const Function* sum = find(q, "s");
  ASSERT_NE(sum, nullptr);
  for (const Param& p : sum->params) EXPECT_EQ(p.inout, p.var.name.base == "s") << p.var.name.str();
  // The parallel loop stores into a (by value: its pointer) and reads n and s.
  const Function* fill = find(q, "a");
  ASSERT_NE(fill, nullptr);
  EXPECT_EQ(fill->params.size(), 3u);
  for (const Param& p : fill->params) EXPECT_FALSE(p.inout);
  std::string text = toString(q);
  EXPECT_NE(text.find("function outlined_1(n_"), std::string::npos) << text;
  EXPECT_NE(text.find("inout s_"), std::string::npos) << text;
  EXPECT_NE(text.find("call outlined_"), std::string::npos) << text;
}

// A parallel loop's body is never cut (no calls where iterations may run in any order).
TEST(Outline, AParallelLoopIsOutlinedWholeButNotEntered) {
  Builder b;
  Expr a = b.alloc(BaseType::Int, intConst(100), "a");
  b.forLoop(intConst(10), LoopKind::ParallelMap, [&](Expr i) {
    b.forLoop(intConst(10), LoopKind::Sequential, [&](Expr j) { b.store(a, i * 10 + j, i * j + i - j * 7); });
    b.ifThen(lt(i, intConst(5)), [&] { b.store(a, i * 10, i * i + 3 - i); });
  });
  b.print(a, {intConst(100)}, PrintStyle::Apl);
  b.free(a);
  Program q = outline(b.finish(), tiny());
  expectVerifies(q);
  ASSERT_EQ(q.functions.size(), 1u) << toString(q);
  EXPECT_NE(q.functions[0].body.as<For>(), nullptr) << toString(q);
}

// The OpenMP target's outlining: each outermost parallel map (here inside a sequential loop)
// becomes a function whose body is just that loop, its free variables by value; the loops
// inside it are not outlined; a loop of one iteration stays.
TEST(OutlineParallelLoops, EachOutermostParallelMapIsAFunctionOfItsOwn) {
  Builder b;
  Expr a = b.alloc(BaseType::Int, intConst(100), "a");
  b.forLoop(intConst(3), LoopKind::Sequential, [&](Expr k) {
    b.forLoop(intConst(10), LoopKind::ParallelMap, [&](Expr i) {
      b.forLoop(intConst(10), LoopKind::ParallelMap, [&](Expr j) { b.store(a, i * 10 + j, i * j + k); });
    });
  });
  b.forLoop(intConst(1), LoopKind::ParallelMap, [&](Expr i) { b.store(a, i, i + 1); });
  b.print(a, {intConst(100)}, PrintStyle::Apl);
  b.free(a);
  Program q = outlineParallelLoops(b.finish());
  expectVerifies(q);
  ASSERT_EQ(q.functions.size(), 1u) << toString(q);
  const For* loop = parallelLoopOf(q.functions[0]);
  ASSERT_NE(loop, nullptr) << toString(q);
  EXPECT_EQ(loop->upper.as<IntImm>()->value, 10);
  EXPECT_EQ(q.functions[0].params.size(), 2u) << toString(q);  // a and k
  for (const Param& p : q.functions[0].params) EXPECT_FALSE(p.inout);
  std::string text = toString(q);
  EXPECT_NE(text.find("call ploop_1("), std::string::npos) << text;
  bool oneIterationLoopStays = false;  // in main's body, where it was
  for (const Stmt& st : q.body.as<Block>()->stmts)
    if (const For* f = st.as<For>()) oneIterationLoopStays |= f->loopKind == LoopKind::ParallelMap;
  EXPECT_TRUE(oneIterationLoopStays) << text;
}

// Memory moved into an outer variable inside the outlined statement (a loop-carried array
// whose size changes) is an inout parameter; the verifier accepts the caller's later uses.
TEST(Outline, MemoryMovedIntoIsInout) {
  Builder b;
  Expr a = b.alloc(BaseType::Int, intConst(1), "a");
  b.store(a, intConst(0), intConst(7));
  b.forLoop(intConst(3), LoopKind::Sequential, [&](Expr i) {
    Expr next = b.alloc(BaseType::Int, i + 2, "next");
    b.forLoop(i + 2, LoopKind::ParallelMap, [&](Expr j) { b.store(next, j, j * 2 + i); });
    b.free(a);
    b.assign(a.as<Variable>()->var(), next);
  });
  b.print(a, {intConst(4)}, PrintStyle::Apl);
  b.free(a);
  Program q = outline(b.finish(), tiny());
  expectVerifies(q);
  const Function* f = find(q, "a");
  ASSERT_NE(f, nullptr) << toString(q);
  bool inout = false;
  for (const Param& p : f->params) inout = inout || (p.var.name.base == "a" && p.inout);
  EXPECT_TRUE(inout) << toString(q);
}

// A parallel loop calls only functions that are safe in parallel (laila/ir/ParallelCalls.h):
// not one that prints, nor a safe one given an inout argument from outside the loop.
TEST(Outline, TheVerifierRejectsUnsafeCallsInAParallelLoopAndWrongArguments) {
  Var n{Name{"n", 1}, IntType}, i{Name{"i", 2}, IntType};
  Function prints{Name{"outlined", 1}, {{n, false}}, Block::make({Print::make(var(n), {}, PrintStyle::Apl)})};
  Function pure{Name{"outlined", 3}, {{n, true}}, Block::make({Assign::make(n, var(n) + 1)})};
  auto inLoop = [&](Stmt s) { return For::make(i, intConst(0), intConst(4), LoopKind::ParallelMap, std::nullopt, Block::make({s})); };
  Stmt call = CallFunction::make(prints.name, {{n, true}});
  Program p(Block::make({Decl::make(n, intConst(3)), call, inLoop(CallFunction::make(prints.name, {{n, false}}))}), {prints});
  std::vector<std::string> problems = verify(p);
  ASSERT_EQ(problems.size(), 2u);
  EXPECT_NE(problems[0].find("do not match its parameters"), std::string::npos) << problems[0];
  EXPECT_NE(problems[1].find("calls the function outlined_1, which is not safe in parallel"), std::string::npos)
      << problems[1];
  // The safe function, with its inout argument the iteration's own and then from outside.
  Var own{Name{"own", 4}, IntType};
  Program ok(Block::make({inLoop(Block::make({Decl::make(own, var(i)), CallFunction::make(pure.name, {{own, true}})}))}), {pure});
  EXPECT_EQ(verify(ok), std::vector<std::string>{});
  Program outer(Block::make({Decl::make(n, intConst(3)), inLoop(CallFunction::make(pure.name, {{n, true}}))}), {pure});
  problems = verify(outer);
  ASSERT_FALSE(problems.empty());
  EXPECT_NE(problems[0].find("calls the function outlined_3 with an inout argument declared outside it"), std::string::npos)
      << problems[0];
}

}  // namespace
}  // namespace aplc_test
