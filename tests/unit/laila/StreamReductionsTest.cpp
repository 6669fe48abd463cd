// Whole-number ranges of doubles (laila/analysis/WholeNumbers.h) and reductions streamed into the
// loops that produce their items (laila/passes/StreamReductions.h).
#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "laila/analysis/WholeNumbers.h"
#include "laila/ir/Builder.h"
#include "laila/ir/Print.h"
#include "laila/ir/Verify.h"
#include "laila/passes/StreamReductions.h"
#include "tests/unit/laila/TextCount.h"

namespace aplc_test {
namespace {

using namespace aplc::laila;

Expr doubleVar(const std::string& base, uint32_t tag) { return var(Var{Name{base, tag}, DoubleType}); }
Expr boolVar(const std::string& base, uint32_t tag) { return var(Var{Name{base, tag}, BoolType}); }

void expectRange(const std::optional<WholeRange>& r, double lo, double hi) {
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->lo, lo);
  EXPECT_EQ(r->hi, hi);
}

TEST(WholeNumbers, ConstantsConversionsAndArithmetic) {
  WholeNumbers whole;
  expectRange(whole.of(doubleConst(3.0)), 3, 3);
  EXPECT_FALSE(whole.of(doubleConst(0.5)).has_value());
  EXPECT_FALSE(whole.of(doubleConst(9007199254740992.0)).has_value());  // 2^53: not below the limit
  // 1 - b2i(c) as a double (mandelbrot's step of its count), and a select of whole constants.
  Expr c = boolVar("c", 1);
  expectRange(whole.of(i2d(sub(intConst(1), b2i(c)))), 0, 1);
  expectRange(whole.of(select(c, doubleConst(-2.0), doubleConst(5.0))), -2, 5);
  expectRange(whole.of(mul(i2d(b2i(c)), doubleConst(-3.0))), -3, 0);
  // Products and sums that reach 2^53 are refused: beyond it a double is no longer exact.
  Expr big = doubleConst(67108864.0);  // 2^26
  expectRange(whole.of(mul(big, big)), 4503599627370496.0, 4503599627370496.0);  // 2^52
  EXPECT_FALSE(whole.of(mul(mul(big, big), doubleConst(2.0))).has_value());
  // Unknown variables, loads from memory without a range, and non-whole operations.
  EXPECT_FALSE(whole.of(doubleVar("x", 2)).has_value());
  EXPECT_FALSE(whole.of(Binary::make(BinaryOp::Div, doubleConst(4.0), doubleConst(2.0))).has_value());
}

TEST(WholeNumbers, DefinitionsAndMemory) {
  Var t{Name{"t", 1}, DoubleType};
  Var u{Name{"u", 2}, DoubleType};
  Var m{Name{"m", 3}, Type::memoryOf(BaseType::Double)};
  WholeNumbers whole({{m.name, WholeRange{0, 90}}});
  // t is defined; u is assigned after its declaration, so its initializer is not its value.
  whole.define({Decl::make(t, add(Load::make(var(m), intConst(0)), doubleConst(1.0))),
                Decl::make(u, doubleConst(1.0)), Assign::make(u, doubleConst(0.5))});
  expectRange(whole.of(var(t)), 1, 91);
  EXPECT_FALSE(whole.of(var(u)).has_value());
}

TEST(WholeNumbers, AcrossIterations) {
  Var x{Name{"x", 1}, DoubleType};
  Var d{Name{"d", 2}, DoubleType};
  Var n{Name{"n", 3}, DoubleType};
  Expr c = boolVar("c", 4);
  WholeNumbers whole;
  whole.define({Decl::make(d, select(c, doubleConst(0.0), doubleConst(1.0))), Decl::make(n, add(var(x), var(d)))});
  // x = x + (0 or 1), from 0, at most 255 times: 0..255.
  expectRange(whole.acrossIterations(x.name, WholeRange{0, 0}, var(n), 255), 0, 255);
  // x - d steps down; a reset to a whole value joins it; x itself stays.
  expectRange(whole.acrossIterations(x.name, WholeRange{0, 0}, sub(var(x), var(d)), 10), -10, 0);
  expectRange(whole.acrossIterations(x.name, WholeRange{2, 3}, doubleConst(7.0), 10), 2, 7);
  expectRange(whole.acrossIterations(x.name, WholeRange{2, 3}, var(x), 10), 2, 3);
  // A step that reads x (doubling), or another unknown value, bounds nothing.
  EXPECT_FALSE(whole.acrossIterations(x.name, WholeRange{1, 1}, add(var(x), var(x)), 10).has_value());
  EXPECT_FALSE(whole.acrossIterations(x.name, WholeRange{0, 0}, add(var(x), doubleVar("y", 5)), 10).has_value());
  // Too many steps for exact doubles.
  EXPECT_FALSE(whole.acrossIterations(x.name, WholeRange{0, 0}, var(n), int64_t(1) << 53).has_value());
}

// A program in the header's shape: A (n doubles) written by a parallel loop at i, then a loop
// from 0 to `extent` reading A at its variable (or at `at(k)`) and adding into an int
// accumulator; prints the accumulator. `producerKind` is the producer's loop kind.
struct Shape {
  int64_t n = 16;
  int64_t extent = 16;
  LoopKind producerKind = LoopKind::ParallelMap;
  std::function<Expr(Expr)> at = [](Expr k) { return k; };
  bool readBetween = false;       // a statement between producer and consumer loads A
  bool printAccBetween = false;   // a statement between them prints the accumulator
};

Program producerConsumer(const Shape& shape) {
  Builder b;
  Expr a = b.alloc(BaseType::Double, intConst(shape.n), "A");
  b.forLoop(intConst(shape.n), shape.producerKind, [&](Expr i) { b.store(a, i, mul(i2d(i), doubleConst(2.0))); });
  Var acc = b.declare(intConst(0), "acc");
  if (shape.readBetween) b.print(Load::make(a, intConst(3)), {}, PrintStyle::Apl);
  if (shape.printAccBetween) b.print(var(acc), {}, PrintStyle::Apl);
  b.forLoop(intConst(shape.extent), LoopKind::Sequential, [&](Expr k) {
    Expr x = b.let(d2i(Load::make(a, shape.at(k))), "x");
    b.assign(acc, add(var(acc), x));
  });
  b.print(var(acc), {}, PrintStyle::Apl);
  b.free(a);
  return b.finish();
}

std::string streamed(const Program& p) {
  Program r = streamReductions(p);
  std::vector<std::string> errors = verify(r);
  EXPECT_TRUE(errors.empty()) << (errors.empty() ? "" : errors[0]) << "\n" << toString(r);
  return toString(r);
}

TEST(StreamReductions, ConsumerMovesIntoProducerAndTheArrayGoes) {
  std::string text = streamed(producerConsumer({}));
  EXPECT_EQ(count(text, "alloc"), 0u) << text;
  EXPECT_EQ(count(text, "for "), 1u) << text;
  EXPECT_EQ(count(text, "parallel for"), 0u) << text;  // the producer now updates acc
  EXPECT_EQ(count(text, "acc_"), 4u) << text;           // declared, updated (twice), printed
}

TEST(StreamReductions, ArrayKeptForOtherReaders) {
  Shape shape;
  shape.readBetween = true;
  std::string text = streamed(producerConsumer(shape));
  EXPECT_EQ(count(text, "alloc"), 1u) << text;  // still read by the print
  EXPECT_EQ(count(text, "for "), 1u) << text;   // but the consumer is streamed
}

TEST(StreamReductions, NotWhenTheOrderOrTheItemsWouldChange) {
  auto unchanged = [](const Shape& shape) {
    Program p = producerConsumer(shape);
    return toString(streamReductions(p)) == toString(p);
  };
  Shape fewer;  // reads fewer items than the producer stores
  fewer.extent = 15;
  EXPECT_TRUE(unchanged(fewer));
  Shape elsewhere;  // reads another item than its own
  elsewhere.at = [](Expr k) { return sub(intConst(15), k); };
  EXPECT_TRUE(unchanged(elsewhere));
  Shape sequential;  // a sequential producer may store an element twice
  sequential.producerKind = LoopKind::Sequential;
  EXPECT_TRUE(unchanged(sequential));
  Shape seen;  // the accumulator is read between the loops
  seen.printAccBetween = true;
  EXPECT_TRUE(unchanged(seen));
}

TEST(StreamReductions, InParallelEachIterationKeepsItsPartial) {
  // With threads the producer stays a parallel loop: its iterations add into locals stored in an
  // array of partials, which a loop in the consumer's place folds.
  Program p = streamReductionsInParallel(producerConsumer({}));
  std::vector<std::string> errors = verify(p);
  EXPECT_TRUE(errors.empty()) << (errors.empty() ? "" : errors[0]);
  std::string text = toString(p);
  EXPECT_EQ(count(text, "parallel for"), 1u) << text;
  EXPECT_EQ(count(text, "alloc int[16]"), 1u) << text;     // the partials, one per iteration
  EXPECT_EQ(count(text, "alloc double[16]"), 0u) << text;  // A is gone
  EXPECT_EQ(count(text, "acc_local"), 4u) << text;         // declared, updated (read too), stored
  // The loop over the partials is not streamed back into the producer (it was: for ever).
  EXPECT_EQ(toString(streamReductionsInParallel(p)), text);
}

// A double sum: streamed only from a Reduction loop the lowering marked as exact in any order.
Program doubleSum(bool anyOrder) {
  Builder b;
  Expr a = b.alloc(BaseType::Double, intConst(8), "A");
  b.forLoop(intConst(8), LoopKind::ParallelMap, [&](Expr i) { b.store(a, i, i2d(i)); });
  Var acc = b.declare(doubleConst(0.0), "acc");
  b.foldLoop(intConst(8), LoopKind::Reduction, Accumulator{acc, BinaryOp::Add, doubleConst(0.0), anyOrder},
             [&](Expr k) { b.assign(acc, Binary::make(BinaryOp::Add, b.let(Load::make(a, k), "x"), var(acc))); });
  b.print(var(acc), {}, PrintStyle::Apl);
  b.free(a);
  return b.finish();
}

TEST(StreamReductions, DoubleSumsOnlyWhenExactInAnyOrder) {
  EXPECT_EQ(count(streamed(doubleSum(true)), "alloc"), 0u);
  EXPECT_EQ(count(streamed(doubleSum(false)), "alloc"), 1u);
}

}  // namespace
}  // namespace aplc_test
