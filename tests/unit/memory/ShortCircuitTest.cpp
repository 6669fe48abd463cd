// Short-circuiting (backend/memory/ShortCircuit.h): operands built in the segments of the array
// they were copied into. Each test builds the lowering's shape of a catenation by hand, runs the
// pass, verifies the result and counts allocations, copies and accesses in its text.
#include <gtest/gtest.h>

#include <string>

#include "backend/memory/ShortCircuit.h"
#include "laila/ir/Builder.h"
#include "laila/ir/Print.h"
#include "laila/ir/Verify.h"
#include "tests/unit/laila/TextCount.h"

namespace aplc_test {
namespace {

using namespace aplc::laila;
using aplc::memory::shortCircuitCopies;

// `z ← x,y`: x and y (n ints each) written by their own loops, then z (2n) allocated and each
// operand copied into its half, through a temporary as the lowering of a catenation does.
struct Catenation {
  int64_t n = 8;
  bool readXAfter = false;       // x is printed after the copies
  bool printX = false;           // x is printed (not only loaded) before the copies
  bool overlap = false;          // y's copy writes z[n-1 .. 2n-1): over x's last item
  bool zUsedBefore = false;      // z is written before the copies
  BaseType yType = BaseType::Int;
};

Program catenation(const Catenation& c) {
  Builder b;
  Expr n = intConst(c.n);
  Expr x = b.alloc(BaseType::Int, n, "x");
  b.forLoop(n, LoopKind::ParallelMap, [&](Expr i) { b.store(x, i, mul(i, i)); });
  if (c.printX) b.print(x, {n}, PrintStyle::Apl);
  Expr y = b.alloc(c.yType, n, "y");
  b.forLoop(n, LoopKind::ParallelMap, [&](Expr i) {
    Expr item = add(Load::make(x, i), intConst(1));  // y reads x: its segment, which nobody else writes
    b.store(y, i, c.yType == BaseType::Int ? item : i2d(item));
  });
  Expr z = b.alloc(BaseType::Int, intConst(2 * c.n), "z");
  if (c.zUsedBefore) b.store(z, intConst(0), intConst(7));
  int64_t yFrom = c.overlap ? c.n - 1 : c.n;
  b.emit(b.block([&] {
    b.forRange(intConst(0), n, LoopKind::ParallelMap, [&](Expr i) {
      Var e = b.declare(intConst(0), "e");
      b.assign(e, Load::make(x, i));
      b.store(z, i, var(e));
    });
    b.forRange(intConst(yFrom), intConst(yFrom + c.n), LoopKind::ParallelMap, [&](Expr i) {
      Expr item = Load::make(y, sub(i, intConst(yFrom)));
      b.store(z, i, c.yType == BaseType::Int ? item : d2i(item));
    });
  }));
  if (c.readXAfter) b.print(Load::make(x, intConst(2)), {}, PrintStyle::Apl);
  b.free(x);
  b.free(y);
  b.print(z, {intConst(2 * c.n)}, PrintStyle::Apl);
  b.free(z);
  return b.finish();
}

std::string shortCircuited(const Program& p) {
  Program r = shortCircuitCopies(p);
  std::vector<std::string> errors = verify(r);
  EXPECT_TRUE(errors.empty()) << (errors.empty() ? "" : errors[0]) << "\n" << toString(r);
  return toString(r);
}

TEST(ShortCircuit, BothOperandsAreBuiltInTheirSegments) {
  std::string text = shortCircuited(catenation({}));
  EXPECT_EQ(count(text, "alloc"), 1u) << text;            // z alone
  EXPECT_EQ(count(text, "for "), 2u) << text;             // the producers; no copy is left
  EXPECT_EQ(count(text, "z_5[i_2] = i_2 * i_2"), 1u) << text;  // x's producer writes z's first half
  EXPECT_EQ(count(text, "z_5[i_4 + 8] = z_5[i_4] + 1"), 1u) << text;  // y's reads x there, writes the second
  EXPECT_EQ(count(text, "free"), 1u) << text;
  // z is allocated first: before x's producer.
  EXPECT_LT(text.find("alloc int[16]"), text.find("for ")) << text;
}

TEST(ShortCircuit, OnlyTheOperandsWhoseConditionsHold) {
  Catenation readAfter;  // x is read after the copies: it stays, y still goes
  readAfter.readXAfter = true;
  std::string text = shortCircuited(catenation(readAfter));
  EXPECT_EQ(count(text, "alloc"), 2u) << text;
  EXPECT_EQ(count(text, "alloc int[8]"), 1u) << text;
  // y is double: its copy converts, so y stays; and x stays too, since z allocated before x's
  // producer would be live beside y, where only x and y were (the peak could rise).
  Catenation converted;
  converted.yType = BaseType::Double;
  text = shortCircuited(catenation(converted));
  EXPECT_EQ(count(text, "alloc double[8]"), 1u) << text;
  EXPECT_EQ(count(text, "alloc int[8]"), 1u) << text;
  Catenation printed;  // x is printed whole: a print takes an array, not a view
  printed.printX = true;
  text = shortCircuited(catenation(printed));
  EXPECT_EQ(count(text, "alloc int[8]"), 1u) << text;
}

TEST(ShortCircuit, NothingWhenSegmentsOverlapOrTheDestinationIsInUse) {
  auto unchanged = [](const Catenation& c) {
    Program p = catenation(c);
    return toString(shortCircuitCopies(p)) == toString(p);
  };
  Catenation overlap;  // y's copy overwrites x's last item: building x in place would lose it
  overlap.overlap = true;
  EXPECT_TRUE(unchanged(overlap));
  Catenation used;  // z is written before the copies
  used.zUsedBefore = true;
  EXPECT_TRUE(unchanged(used));
}

}  // namespace
}  // namespace aplc_test
