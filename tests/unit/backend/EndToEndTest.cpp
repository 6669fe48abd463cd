// End to end: Laila programs built by hand with the Builder → C (CGen) → executable (CCompile)
// → run, comparing stdout, stderr and the exit status with the expected text.
#include <gtest/gtest.h>

#include "RunProgram.h"
#include "laila/ir/Builder.h"
#include "laila/ir/Ops.h"
#include "laila/passes/Outline.h"
#include "laila/ir/Verify.h"
#include "support/Diagnostics.h"

namespace aplc_test {
namespace {

using namespace aplc::laila;

// Σ i for i in 1..n, as a reduction loop over 0..n-1.
Program sumOneTo(int64_t n) {
  Builder b;
  Var count = b.declare(intConst(n), "n");
  Expr sum = b.reduce(var(count), BinaryOp::Add, intConst(0), [](Expr i) { return i + 1; });
  b.print(sum, {}, PrintStyle::Apl);
  return b.finish();
}

TEST(EndToEnd, SumOfOneToNWithAReductionLoop) {
  RunResult r = compileAndRun(sumOneTo(100), "sum100");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "5050\n");
  EXPECT_EQ(r.err, "");
}

// A 2×3 matrix of i*i - 5 (i the row-major index), materialized by a parallel map.
Program matrix(PrintStyle style, bool freeIt = true) {
  Builder b;
  Var rows = b.declare(intConst(2), "rows");
  Var cols = b.declare(intConst(3), "cols");
  Expr size = b.let(var(rows) * var(cols), "size");
  Expr a = b.alloc(BaseType::Int, size, "a");
  b.forLoop(size, LoopKind::ParallelMap, [&](Expr i) { b.store(a, i, i * i - 5); });
  b.print(a, {var(rows), var(cols)}, style);
  if (freeIt) b.free(a);
  return b.finish();
}

TEST(EndToEnd, MatrixFilledByAParallelMapPrintsInAplStyle) {
  RunResult r = compileAndRun(matrix(PrintStyle::Apl), "matrix_apl");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "¯5 ¯4 ¯1\n 4 11 20\n");
}

TEST(EndToEnd, MatrixFilledByAParallelMapPrintsInTailStyle) {
  RunResult r = compileAndRun(matrix(PrintStyle::Tail), "matrix_tail");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "\n -5 -4 -1\n  4 11 20\n\n");
}

TEST(EndToEnd, TransposedViewPrintsThroughStrides) {
  Builder b;
  Expr a = b.alloc(BaseType::Int, intConst(6), "a");
  b.forLoop(intConst(6), LoopKind::ParallelMap, [&](Expr i) { b.store(a, i, i + 1); });
  // The 2×3 matrix 1 2 3 / 4 5 6 seen as its 3×2 transpose: strides (1, 3).
  b.print(a, {intConst(3), intConst(2)}, PrintStyle::Apl, {intConst(1), intConst(3)});
  b.free(a);
  RunResult r = compileAndRun(b.finish(), "transposed");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "1 4\n2 5\n3 6\n");
}

// Reads a[k] for k = 7 of a 6-element vector, behind an index check with the APL location.
Program failingIndex(int64_t k) {
  Builder b;
  Expr a = b.alloc(BaseType::Int, intConst(6), "a");
  b.forLoop(intConst(6), LoopKind::ParallelMap, [&](Expr i) { b.store(a, i, i * 10); });
  b.print(charConst('x'), {}, PrintStyle::Apl);  // printed before the error: stdout is flushed
  Var index = b.declare(intConst(k), "k");
  b.check(land(ge(var(index), intConst(0)), lt(var(index), intConst(6))), ErrorKind::Index,
          ErrorLoc{"prog.apl", 3, 7}, "index out of range");
  b.print(load(a, var(index)), {}, PrintStyle::Apl);
  b.free(a);
  return b.finish();
}

TEST(EndToEnd, FailingIndexCheckReportsTheAplLocationAndExitsWithOne) {
  RunResult r = compileAndRun(failingIndex(7), "index_error");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, "x\n");
  EXPECT_EQ(r.err, "prog.apl:3:7: INDEX ERROR: index out of range\n");
}

TEST(EndToEnd, PassingIndexCheckPrintsTheElement) {
  RunResult r = compileAndRun(failingIndex(4), "index_ok");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "x\n40\n");
}

TEST(EndToEnd, UnsafeLeavesChecksOut) {
  aplc::backend::CGenOptions unsafe;
  unsafe.checks = false;
  // Index 5 is in bounds, so leaving the (failing-on-purpose) check out is observable.
  Builder b;
  b.check(boolConst(false), ErrorKind::Domain, ErrorLoc{"p.apl", 1, 1}, "always");
  b.print(intConst(42), {}, PrintStyle::Apl);
  Program p = b.finish();
  RunResult checked = compileAndRun(p, "unsafe_checked");
  EXPECT_EQ(checked.status, 1);
  EXPECT_EQ(checked.err, "p.apl:1:1: DOMAIN ERROR: always\n");
  RunResult r = compileAndRun(p, "unsafe", {}, "", unsafe);
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, "42\n");
}

TEST(EndToEnd, ScanWhileAndIf) {
  Builder b;
  // Prefix sums of 1..5 into memory.
  Expr out = b.alloc(BaseType::Int, intConst(5), "sums");
  b.scan(intConst(5), BinaryOp::Add, intConst(0), [](Expr i) { return i + 1; },
         [&](Expr i, Expr acc) { b.store(out, i, acc); });
  b.print(out, {intConst(5)}, PrintStyle::Apl);
  // Collatz steps from 27 (a while loop with an if inside).
  Var x = b.declare(intConst(27), "x");
  Var steps = b.declare(intConst(0), "steps");
  b.whileLoop([&] { return ne(var(x), intConst(1)); },
              [&] {
                b.ifThenElse(eq(var(x) % 2, intConst(0)), [&] { b.assign(x, var(x) / 2); },
                             [&] { b.assign(x, var(x) * 3 + 1); });
                b.assign(steps, var(steps) + 1);
              });
  b.print(var(steps), {}, PrintStyle::Apl);
  b.free(out);
  RunResult r = compileAndRun(b.finish(), "scan_while");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "1 3 6 10 15\n111\n");
}

// The C helpers must compute exactly what constant folding computes (laila/ir/Ops.cpp): the same
// operations on variables (not folded) are printed by the program and compared with evalConst.
TEST(EndToEnd, IntOperatorsAgreeWithConstantFolding) {
  const int64_t kMin = std::numeric_limits<int64_t>::min();
  const int64_t values[] = {-7, -1, 0, 2, 7, kMin, std::numeric_limits<int64_t>::max()};
  const BinaryOp ops[] = {BinaryOp::Add, BinaryOp::Sub, BinaryOp::Mul, BinaryOp::Div,
                          BinaryOp::Mod, BinaryOp::Min, BinaryOp::Max, BinaryOp::Pow,
                          BinaryOp::Shl, BinaryOp::Shr, BinaryOp::BitXor};
  Builder b;
  std::string expected;
  for (BinaryOp op : ops) {
    for (int64_t x : values) {
      for (int64_t y : values) {
        if (op == BinaryOp::Pow && (y > 64 || y == kMin)) continue;  // keep the loop short
        Var vx = b.declare(intConst(x), "x");
        Var vy = b.declare(intConst(y), "y");
        b.print(Binary::make(op, var(vx), var(vy)), {}, PrintStyle::Tail);
        auto folded = evalConst(op, intConst(x), intConst(y));
        ASSERT_TRUE(folded.has_value());
        expected += std::to_string(asIntConst(*folded).value());
        expected += "\n";
      }
    }
  }
  // Spot checks of the documented semantics, so a shared mistake cannot hide.
  EXPECT_EQ(floorDiv(-7, 2), -4);
  EXPECT_EQ(floorMod(-7, 2), 1);
  EXPECT_EQ(floorMod(7, -2), -1);
  EXPECT_EQ(floorDiv(7, 0), 0);
  EXPECT_EQ(floorMod(7, 0), 7);
  EXPECT_EQ(floorDiv(kMin, -1), kMin);
  RunResult r = compileAndRun(b.finish(), "int_ops");
  EXPECT_EQ(r.status, 0) << r.err;
  // apltail's style prints negatives with '-': "[](-4)" for a scalar.
  std::string got;
  std::istringstream lines(r.out);
  for (std::string line; std::getline(lines, line);) {
    ASSERT_EQ(line.substr(0, 3), "[](");
    got += line.substr(3, line.size() - 4) + "\n";
  }
  EXPECT_EQ(got, expected);
}

TEST(EndToEnd, DoubleLiteralsKeepFullPrecision) {
  Builder b;
  // 0.1 + 0.2 == 0.30000000000000004 holds only if both literals are emitted exactly.
  Var x = b.declare(doubleConst(0.1), "x");
  Var y = b.declare(doubleConst(0.2), "y");
  b.print(eq(var(x) + var(y), doubleConst(0.30000000000000004)), {}, PrintStyle::Apl);
  b.print(eq(var(x) + var(y), doubleConst(0.3)), {}, PrintStyle::Apl);
  Var big = b.declare(doubleConst(1e300), "big");
  b.print(var(big) * doubleConst(2.0), {}, PrintStyle::Tail);
  Var third = b.declare(doubleConst(-1.0 / 3.0), "third");
  b.print(var(third), {}, PrintStyle::Tail);
  b.print(floor(doubleConst(-2.5) + var(x)), {}, PrintStyle::Apl);  // floor(-2.4) = -3
  RunResult r = compileAndRun(b.finish(), "doubles");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "1\n0\n[](2E300)\n[](-0.333333333333)\n¯3\n");
}

TEST(EndToEnd, BoolAndCharMemory) {
  Builder b;
  Expr bits = b.alloc(BaseType::Bool, intConst(4), "bits");
  b.forLoop(intConst(4), LoopKind::ParallelMap,
            [&](Expr i) { b.store(bits, i, eq(i % 2, intConst(0))); });
  b.print(bits, {intConst(4)}, PrintStyle::Apl);
  Expr text = b.alloc(BaseType::Char, intConst(3), "text");
  b.forLoop(intConst(3), LoopKind::ParallelMap,
            [&](Expr i) { b.store(text, i, unary(UnaryOp::I2C, i + 0x2374)); });  // ⍴⍵⍶
  b.print(text, {intConst(3)}, PrintStyle::Apl);
  b.free(bits);
  b.free(text);
  RunResult r = compileAndRun(b.finish(), "bool_char");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "1 0 1 0\n⍴⍵⍶\n");
}

TEST(EndToEnd, CompilerFailureIsAnInternalErrorWithTheCompilerOutput) {
  auto cFile = workPath("broken.c");
  try {
    aplc::backend::compileCSource("int main(void) { return undeclared_thing; }\n",
                                  cFile.string(), workPath("broken").string());
    FAIL() << "expected an InternalError";
  } catch (const aplc::InternalError& e) {
    std::string what = e.what();
    EXPECT_NE(what.find("the C compiler failed"), std::string::npos) << what;
    EXPECT_NE(what.find("undeclared_thing"), std::string::npos) << what;
  }
}

// Memory: every allocation is freed (valgrind when installed; ASan always).
bool haveValgrind() { return std::system("valgrind --version >/dev/null 2>&1") == 0; }

TEST(EndToEnd, GeneratedProgramFreesEverythingUnderValgrind) {
  if (!haveValgrind()) GTEST_SKIP() << "valgrind not installed";
  const std::string valgrind =
      "valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=all";
  RunResult r = compileAndRun(matrix(PrintStyle::Apl), "matrix_valgrind", {}, valgrind);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "¯5 ¯4 ¯1\n 4 11 20\n");
  // The same program without its free is caught: the check can fail.
  RunResult leak = compileAndRun(matrix(PrintStyle::Apl, false), "leak_valgrind", {}, valgrind);
  EXPECT_EQ(leak.status, 99) << leak.err;
}

TEST(EndToEnd, GeneratedProgramFreesEverythingUnderAddressSanitizer) {
  aplc::backend::CCompileOptions asan;
  asan.extraFlags = {"-fsanitize=address,undefined", "-fno-sanitize-recover=undefined"};
  RunResult r = compileAndRun(matrix(PrintStyle::Tail), "matrix_asan", asan);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "\n -5 -4 -1\n  4 11 20\n\n");
  // A block allocated in each iteration of a loop and never freed is caught: the check can fail.
  // (LeakSanitizer scans the stack conservatively, so the loop makes sure the lost pointers are
  // really gone rather than lingering in main's frame.)
  Builder b;
  b.forLoop(intConst(3), LoopKind::Sequential, [&](Expr i) {
    Expr a = b.alloc(BaseType::Int, intConst(100), "lost");
    b.store(a, intConst(0), i);
  });
  RunResult leak = compileAndRun(b.finish(), "leak_asan", asan);
  EXPECT_NE(leak.status, 0);
  EXPECT_NE(leak.err.find("LeakSanitizer"), std::string::npos) << leak.err;
}

// Functions (laila/passes/Outline.h): a scalar assigned in a function (inout), memory moved into a
// variable of the caller in a loop of a function, stores through a pointer parameter: the
// program prints what it prints without functions.
TEST(EndToEnd, OutlinedFunctionsComputeWhatMainComputed) {
  auto build = [] {
    Builder b;
    Var s = b.declare(intConst(0), "s");
    b.forLoop(intConst(10), LoopKind::Sequential, [&](Expr i) { b.assign(s, var(s) + i * i); });
    Expr a = b.alloc(BaseType::Int, intConst(1), "a");
    b.store(a, intConst(0), intConst(7));
    b.forLoop(intConst(3), LoopKind::Sequential, [&](Expr i) {
      Expr next = b.alloc(BaseType::Int, i + 2, "next");
      b.forLoop(i + 2, LoopKind::ParallelMap, [&](Expr j) { b.store(next, j, j * 2 + i + var(s)); });
      b.free(a);
      b.assign(a.as<Variable>()->var(), next);
    });
    b.print(var(s), {}, PrintStyle::Apl);
    b.print(a, {intConst(4)}, PrintStyle::Apl);
    b.free(a);
    return b.finish();
  };
  OutlineOptions tiny;
  tiny.maxFunctionSize = 20;
  tiny.minOutlinedSize = 5;
  Program outlined = outline(build(), tiny);
  ASSERT_GE(outlined.functions.size(), 2u);
  VerifyOptions strict;
  strict.requireFrees = true;
  EXPECT_TRUE(verify(outlined, strict).empty());
  RunResult plain = compileAndRun(build(), "outline_plain");
  RunResult r = compileAndRun(outlined, "outline_functions");
  EXPECT_EQ(plain.out, "285\n287 289 291 293\n");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, plain.out) << r.cSource;
  EXPECT_NE(r.cSource.find("static __attribute__((noinline)) void aplc_fn_outlined_"), std::string::npos);
  EXPECT_NE(r.cSource.find("*aplc_inout_s_"), std::string::npos) << r.cSource;
}

}  // namespace
}  // namespace aplc_test
