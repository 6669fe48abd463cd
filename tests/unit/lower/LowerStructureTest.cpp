// The structure of lowered programs: fusion and materialization tested by counting loops,
// allocations and index divisions in the Laila program (no golden text).
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "laila/IRVisitor.h"
#include "laila/Lower.h"
#include "laila/Print.h"
#include "support/Source.h"
#include "tail/Optimise.h"
#include "tail/Parse.h"
#include "tail/TypeCheck.h"

namespace {

using namespace aplc;

struct Counts {
  int loops = 0, allocations = 0, divisions = 0;
};

class Counter : public laila::IRVisitor {
 public:
  Counts counts;

 protected:
  void visit(const laila::For* op) override {
    ++counts.loops;
    IRVisitor::visit(op);
  }
  void visit(const laila::Allocate* op) override {
    ++counts.allocations;
    IRVisitor::visit(op);
  }
  void visit(const laila::Binary* op) override {
    if (op->op == laila::BinaryOp::Div || op->op == laila::BinaryOp::Mod) ++counts.divisions;
    IRVisitor::visit(op);
  }
};

laila::Program lowerText(const std::string& text, bool optimise = false, bool flat = false) {
  tail::Exp e = tail::annotateTypes(tail::parseExpText(text)).exp;
  if (optimise) e = tail::annotateTypes(tail::optimise(e)).exp;
  laila::LowerOptions options;
  options.flatOnly = flat;
  return laila::lower(e, options);
}

Counts count(const laila::Program& p) {
  Counter c;
  c.include(p.body);
  return c.counts;
}

#define EXPECT_COUNTS(program, loops_, allocations_)                          \
  do {                                                                        \
    laila::Program p_ = (program);                                            \
    Counts c_ = count(p_);                                                    \
    EXPECT_EQ(c_.loops, loops_) << laila::toString(p_);                       \
    EXPECT_EQ(c_.allocations, allocations_) << laila::toString(p_);           \
  } while (0)

TEST(LowerStructure, EachOfEachIsOneLoopWithoutAllocation) {
  EXPECT_COUNTS(lowerText("reduce(addi,0,each(fn x:[int]0 => addi(x,1),each(fn y:[int]0 => muli(y,2),iota(100))))"),
                1, 0);
}

TEST(LowerStructure, PrintingMaterializesOnceWithoutIntermediateArrays) {
  EXPECT_COUNTS(lowerText("each(fn x:[int]0 => addi(x,1),each(fn y:[int]0 => muli(y,2),iota(100)))"), 1, 1);
}

TEST(LowerStructure, SignalIsOneFusedLoopWithoutAllocation) {
  std::ifstream in(std::string(APLC_TAIL_TESTS) + "/fig3_1_signal.tail");
  std::stringstream text;
  text << in.rdbuf();
  ASSERT_FALSE(text.str().empty());
  EXPECT_COUNTS(lowerText(text.str()), 1, 0);
  EXPECT_COUNTS(lowerText(text.str(), true), 1, 0);
}

TEST(LowerStructure, AnArrayUsedTwiceIsMaterializedOnce) {
  // v is computed once into memory; the sum reads it twice without another array.
  EXPECT_COUNTS(lowerText("let v:[int]1 = each(fn x:[int]0 => muli(x,x),iota(10)) in reduce(addi,0,zipWith(addi,v,v))"),
                2, 1);
  // A cheap array (iota) is not materialized even when used twice.
  EXPECT_COUNTS(lowerText("let v:[int]1 = iota(10) in reduce(addi,0,zipWith(addi,v,v))"), 1, 0);
}

TEST(LowerStructure, AReplicatingReshapeRecomputesCheapElementsOnly) {
  // Repeating a few integer operations per element costs less than writing the array once.
  EXPECT_COUNTS(lowerText("reduce(addi,0,reshape([300],each(fn x:[int]0 => muli(x,3),iota(100))))"), 1, 0);
  // An exponential per element is written once and read three times.
  EXPECT_COUNTS(lowerText("reduce(addd,0.0,reshape([300],each(fn x:[int]0 => expd(i2d(x)),iota(100))))"), 2, 1);
  // So is an element that needs a loop of its own (a row sum).
  EXPECT_COUNTS(lowerText("reduce(addi,0,reshape([30],reduce(addi,0,reshape([10,10],iota(100)))))"), 3, 1);
}

TEST(LowerStructure, PowerLoopKeepsItsStateInTwoBuffers) {
  // The count (a reduction) is not a compile-time constant, so the power is a loop.
  laila::Program p = lowerText(
      "reduce(addi,0,power(fn v:[int]1 => each(fn x:[int]0 => addi(x,1),v),reduce(addi,0,iota(20)),iota(5)))");
  Counts c = count(p);
  EXPECT_EQ(c.allocations, 2) << laila::toString(p);  // the state and the next state
}

TEST(LowerStructure, HybridTransposeNeedsNoDivision) {
  // Printing materializes: nested loops for the shaped form, one loop with div/mod for the flat.
  std::string program = "transp(reshape([3,4],each(fn x:[int]0 => muli(x,3),iota(12))))";
  Counts hybrid = count(lowerText(program));
  Counts flat = count(lowerText(program, false, true));
  EXPECT_EQ(hybrid.divisions, 0);
  EXPECT_GT(flat.divisions, 0);
}

}  // namespace
