// MergeFunctions (laila/passes/MergeFunctions.h): functions equal up to names share one; functions
// equal up to names and constants share one whose differing constants are parameters.
#include <gtest/gtest.h>

#include "laila/ir/Builder.h"
#include "laila/passes/MergeFunctions.h"
#include "laila/ir/Ops.h"
#include "laila/passes/Outline.h"
#include "laila/ir/Print.h"
#include "laila/ir/Verify.h"
#include "tests/unit/laila/TextCount.h"

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

// Two loops that store `i*i + offset - i*7` (the second's offset given) into two arrays, each
// optionally inside a sequential loop of one iteration (a caller of the inner function).
Program twoLoops(Expr secondOffset, bool nested = false) {
  Builder b;
  Expr a = b.alloc(secondOffset.type().base, intConst(10), "a");
  Expr c = b.alloc(secondOffset.type().base, intConst(10), "c");
  auto fill = [&](Expr m, Expr offset) {
    auto loop = [&] {
      b.forLoop(intConst(10), LoopKind::ParallelMap, [&](Expr i) {
        bool isDouble = secondOffset.type().is(BaseType::Double);
        Expr x = isDouble ? i2d(i) : i;
        b.store(m, i, x * x + offset - x * (isDouble ? doubleConst(7.0) : intConst(7)));
      });
    };
    if (!nested) return loop();
    b.forLoop(intConst(1), LoopKind::Sequential, [&](Expr) {
      loop();
      b.store(m, intConst(0), offset);
    });
  };
  fill(a, secondOffset.type().is(BaseType::Double) ? doubleConst(0.0) : intConst(3));
  fill(c, secondOffset);
  b.print(a, {intConst(10)}, PrintStyle::Apl);
  b.print(c, {intConst(10)}, PrintStyle::Apl);
  b.free(a);
  b.free(c);
  return b.finish();
}

TEST(MergeFunctions, EqualFunctionsBecomeOneCalledWithEachCallersVariables) {
  Program outlined = outline(twoLoops(intConst(3)), tiny());
  ASSERT_EQ(outlined.functions.size(), 2u) << toString(outlined);
  Program q = mergeFunctions(outlined);
  expectVerifies(q);
  ASSERT_EQ(q.functions.size(), 1u) << toString(q);
  std::string text = toString(q);
  EXPECT_NE(text.find("call outlined_1(a_"), std::string::npos) << text;
  EXPECT_NE(text.find("call outlined_1(c_"), std::string::npos) << text;
  EXPECT_EQ(q.functions[0].params.size(), outlined.functions[0].params.size()) << text;
}

TEST(MergeFunctions, ADifferingConstantBecomesAParameterEachCallPasses) {
  Program q = mergeFunctions(outline(twoLoops(intConst(4)), tiny()));
  expectVerifies(q);
  ASSERT_EQ(q.functions.size(), 1u) << toString(q);
  const Function& f = q.functions[0];
  ASSERT_FALSE(f.params.empty());
  EXPECT_EQ(f.params.back().var.name.base, "constant") << toString(q);
  std::string text = toString(q);
  EXPECT_NE(text.find(" = 3;"), std::string::npos) << text;
  EXPECT_NE(text.find(" = 4;"), std::string::npos) << text;
  // The array and the offset: the constants both loops share (10, 7) stay constants.
  EXPECT_EQ(f.params.size(), 2u) << text;
}

// 0.0 and -0.0 differ (bit for bit): one function, each call passes its own zero.
TEST(MergeFunctions, ConstantsCompareBitForBit) {
  Program q = mergeFunctions(outline(twoLoops(doubleConst(-0.0)), tiny()));
  expectVerifies(q);
  ASSERT_EQ(q.functions.size(), 1u) << toString(q);
  std::string text = toString(q);
  EXPECT_NE(text.find("= -0.0;"), std::string::npos) << text;
  EXPECT_NE(text.find("= 0.0;"), std::string::npos) << text;
}

// Callers that differ only in which copy they call, and in the constant passed to it, merge too.
TEST(MergeFunctions, CallersOfMergedFunctionsMerge) {
  Program outlined = outline(twoLoops(intConst(5), true), tiny());
  ASSERT_EQ(outlined.functions.size(), 4u) << toString(outlined);
  Program q = mergeFunctions(outlined);
  expectVerifies(q);
  EXPECT_EQ(q.functions.size(), 2u) << toString(q);
  EXPECT_EQ(count(toString(q), "call outlined_"), 3u) << toString(q);
}

TEST(MergeFunctions, DifferentFunctionsStay) {
  Builder b;
  Expr a = b.alloc(BaseType::Int, intConst(10), "a");
  b.forLoop(intConst(10), LoopKind::ParallelMap, [&](Expr i) { b.store(a, i, i * i + 3 - i * 7); });
  b.forLoop(intConst(10), LoopKind::ParallelMap, [&](Expr i) { b.store(a, i, i * i - 3 + i * 7); });
  b.print(a, {intConst(10)}, PrintStyle::Apl);
  b.free(a);
  Program outlined = outline(b.finish(), tiny());
  Program q = mergeFunctions(outlined);
  EXPECT_EQ(q.functions.size(), outlined.functions.size()) << toString(q);
  EXPECT_EQ(toString(q), toString(outlined));
}

// The verifier matches a call's arguments to the parameters by position, type and inout.
TEST(MergeFunctions, TheVerifierChecksArgumentsByPosition) {
  Program q = mergeFunctions(outline(twoLoops(intConst(3)), tiny()));
  ASSERT_FALSE(q.functions.empty());
  Builder b;
  Var n = b.declare(intConst(1), "n");
  b.emit(CallFunction::make(q.functions[0].name, {{n, false}}));
  Program wrongType = b.finish();
  wrongType.functions = q.functions;
  std::vector<std::string> problems = verify(wrongType);
  ASSERT_FALSE(problems.empty());
  EXPECT_NE(problems[0].find("do not match its parameters"), std::string::npos) << problems[0];
}

}  // namespace
}  // namespace aplc_test
