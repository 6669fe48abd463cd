// The structure of lowered programs: fusion and materialization tested by counting loops,
// allocations and index divisions in the Laila program (no golden text).
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "laila/ir/IRVisitor.h"
#include "laila/ir/LoopRoles.h"
#include "laila/lower/Lower.h"
#include "laila/ir/Print.h"
#include "laila/passes/ColdBranches.h"
#include "laila/passes/SplitLoops.h"
#include "support/Source.h"
#include "tail/opt/Optimise.h"
#include "tail/ir/Parse.h"
#include "tail/ir/TypeCheck.h"

namespace {

using namespace aplc;

struct Counts {
  int loops = 0, allocations = 0, divisions = 0;
  int allocationsInLoops = 0;  // allocations inside some loop (per iteration)
  int loopDepth = 0;           // the deepest nesting of loops
  int doubleMultiplications = 0, selects = 0, branches = 0;
  int selectsInLanes = 0;  // inside a per-point power's lanes (laila/ir/LoopRoles.h)
  int firstSequentialDepth = 0;          // the depth of the outermost sequential loop (1: top level)
  int allocationsInSequentialLoops = 0;  // allocations inside some sequential loop
  int checksInLoops = 0, checks = 0;     // Check statements (inside some loop, anywhere)
};

class Counter : public laila::IRVisitor {
 public:
  Counts counts;

 protected:
  void visit(const laila::For* op) override {
    if (isCold(op)) return;  // runs only on the way to an error: not the happy path's structure
    ++counts.loops;
    ++depth_;
    counts.loopDepth = std::max(counts.loopDepth, depth_);
    bool sequential = op->loopKind == laila::LoopKind::Sequential;
    if (sequential && counts.firstSequentialDepth == 0) counts.firstSequentialDepth = depth_;
    sequentialDepth_ += sequential;
    laneDepth_ += laila::isLaneLoop(op);
    IRVisitor::visit(op);
    laneDepth_ -= laila::isLaneLoop(op);
    sequentialDepth_ -= sequential;
    --depth_;
  }
  void visit(const laila::Allocate* op) override {
    ++counts.allocations;
    if (depth_ > 0) ++counts.allocationsInLoops;
    if (sequentialDepth_ > 0) ++counts.allocationsInSequentialLoops;
    IRVisitor::visit(op);
  }
  void visit(const laila::Binary* op) override {
    if (op->op == laila::BinaryOp::Div || op->op == laila::BinaryOp::Mod) ++counts.divisions;
    if (op->op == laila::BinaryOp::Mul && op->type == laila::DoubleType) ++counts.doubleMultiplications;
    IRVisitor::visit(op);
  }
  void visit(const laila::Call* op) override {  // FloorDivision's unsigned division and modulus
    if (op->function == "aplc_op_udiv" || op->function == "aplc_op_umod") ++counts.divisions;
    IRVisitor::visit(op);
  }
  void visit(const laila::Check* op) override {
    ++counts.checks;
    if (depth_ > 0) ++counts.checksInLoops;
    IRVisitor::visit(op);
  }
  void visit(const laila::Select* op) override {
    ++counts.selects;
    if (laneDepth_ > 0) ++counts.selectsInLanes;
    IRVisitor::visit(op);
  }
  void visit(const laila::IfThenElse* op) override {
    if (isCold(op)) return;  // a check's cold branch
    ++counts.branches;
    IRVisitor::visit(op);
  }

 private:
  static bool isCold(const laila::For* op) { return op->var.name.base == laila::kColdLoopBase; }
  bool isCold(const laila::IfThenElse* op) {
    return laila::isColdBranch(laila::IfThenElse::make(op->cond, op->thenCase, op->elseCase));
  }
  int depth_ = 0;
  int sequentialDepth_ = 0;
  int laneDepth_ = 0;
};

laila::Program lowerText(const std::string& text, bool optimise = false, bool flat = false, bool runsLoopsAtOnce = false) {
  tail::Exp e = tail::annotateTypes(tail::parseExpText(text)).exp;
  if (optimise) e = tail::annotateTypes(tail::optimise(e)).exp;
  laila::LowerOptions options;
  options.flatOnly = flat;
  options.target.runsLoopsAtOnce = runsLoopsAtOnce;
  return laila::lower(e, options);
}

// The lowering's own structure, before the Laila passes (which may fuse what it materializes
// and contract it, or prove its checks away).
laila::Program lowerOnly(const std::string& text) {
  laila::LowerOptions options;
  options.target.passes = {};
  return laila::lower(tail::annotateTypes(tail::parseExpText(text)).exp, options);
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
  // One loop (split into pieces where its selects change: laila/passes/SplitLoops.h), no arrays.
  for (bool optimise : {false, true}) {
    laila::Program p = lowerText(text.str(), optimise);
    Counts c = count(p);
    EXPECT_EQ(c.loopDepth, 1) << laila::toString(p);
    EXPECT_EQ(c.allocations, 0) << laila::toString(p);
  }
}

TEST(LowerStructure, AnArrayUsedTwiceIsComputedOncePerElement) {
  // v is cheap to recompute: no memory; the sum's loop computes v's element once and uses it
  // twice (one multiplication, not two).
  laila::Program p = lowerText(
      "let v:[double]1 = each(fn x:[int]0 => muld(i2d(x),1.5),iota(10)) in reduce(addd,0.0,zipWith(addd,v,v))");
  Counts c = count(p);
  EXPECT_EQ(c.loops, 1) << laila::toString(p);
  EXPECT_EQ(c.allocations, 0) << laila::toString(p);
  EXPECT_EQ(c.doubleMultiplications, 1) << laila::toString(p);
  // A cheap array (iota) is not materialized either.
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

TEST(LowerStructure, AnArrayUsedTwiceWithALoopPerElementIsMaterializedOnce) {
  // Each element of v is a reduction (a loop), read at two positions (v and ⌽v): v is written
  // to memory once and read twice. (Read twice at one position, v+v, the element is computed
  // once where it is read: the next test.)
  laila::Program p = lowerOnly(
      "let v:[int]1 = each(fn x:[int]0 => reduce(addi,0,iota(x)),iota(10)) in reduce(addi,0,zipWith(addi,v,reverse(v)))");
  Counts c = count(p);
  EXPECT_EQ(c.allocations, 1) << laila::toString(p);
  EXPECT_EQ(c.loops, 3) << laila::toString(p);  // v's loop with its inner reduction, the sum
}

TEST(LowerStructure, AnArrayReadTwiceAtOneIndexIsComputedOncePerElementWhereItIsRead) {
  // v×v: both reads are at the same index of the same element's code, so v's element (a loop of
  // 30 that cannot fail) is computed once there, in the sum's loop; nothing is written to memory.
  laila::Program p = lowerText(
      "let v:[double]1 = each(fn x:[int]0 => reduce(addd,0.0,each(fn y:[int]0 => muld(i2d(x),i2d(y)),iota(30))),iota(10)) in "
      "reduce(addd,0.0,zipWith(muld,v,v))");
  Counts c = count(p);
  EXPECT_EQ(c.allocations, 0) << laila::toString(p);
  EXPECT_EQ(c.loops, 2) << laila::toString(p);  // the sum, and one element's loop inside it
}

TEST(LowerStructure, SlicesAtDifferentPositionsReadEachElementOnce) {
  // xy[;1] and xy[;2] read different elements of xy: xy is not materialized, and each slice's
  // element (a loop of 30) is computed once per element of the sum.
  laila::Program p = lowerText(
      "let xy:[double]2 = reduce(addd,0.0,each(fn y:[int]0 => muld(i2d(y),0.5),reshape([10,2,30],iota(600)))) in "
      "let x:[double]1 = index(2,1,xy) in let y:[double]1 = index(2,2,xy) in "
      "reduce(addd,0.0,zipWith(addd,zipWith(muld,x,x),zipWith(muld,y,y)))");
  Counts c = count(p);
  EXPECT_EQ(c.allocations, 0) << laila::toString(p);
  EXPECT_EQ(c.loops, 3) << laila::toString(p);  // the sum, and the loops of x's and y's elements
}

TEST(LowerStructure, SlicesWhoseElementsMayFailAreMaterialized) {
  // The same with integer sums, which may overflow (of products that may: sums of y×y over a
  // known range are proved not to): computed where they are read, their errors
  // would have to be validated ahead of the sum's (APL's order) by computing every element
  // again; xy is written to memory once instead.
  laila::Program p = lowerOnly(
      "let xy:[int]2 = reduce(addi,0,each(fn y:[int]0 => muli(y,30000000000000000),reshape([10,2,30],iota(600)))) in "
      "let x:[int]1 = index(2,1,xy) in let y:[int]1 = index(2,2,xy) in "
      "reduce(addi,0,zipWith(addi,zipWith(muli,x,x),zipWith(muli,y,y)))");
  Counts c = count(p);
  EXPECT_EQ(c.allocations, 1) << laila::toString(p);
}

TEST(LowerStructure, AnArrayUsedInsideALambdaIsMaterialized) {
  // v is read by every element of the outer each (a deeper lambda): computed once into memory
  // (an element of a few cheap operations would be recomputed instead: recomputeArrays).
  laila::Program p = lowerText(
      "let v:[double]1 = each(fn x:[int]0 => expd(muld(i2d(x),1.5)),iota(10)) in "
      "reduce(addd,0.0,each(fn y:[int]0 => reduce(addd,0.0,each(fn z:[double]0 => muld(z,i2d(y)),v)),iota(5)))");
  Counts c = count(p);
  EXPECT_EQ(c.allocations, 1) << laila::toString(p);
}

TEST(LowerStructure, PowerLoopAllocatesNothingPerIteration) {
  // The count (an unrolled reduction) is not a compile-time constant, so the power is a loop
  // (the first sequential one), and the rotation reads a neighbour, so it is a loop of passes
  // over the state. The state is double-buffered: both blocks are allocated before the loop,
  // the iterations swap them.
  laila::Program p = lowerText(
      "reduce(addi,0,power(fn v:[int]1 => rotate(1,each(fn x:[int]0 => addi(x,1),v)),reduce(addi,0,iota(4)),iota(50)))");
  Counts c = count(p);
  EXPECT_EQ(c.firstSequentialDepth, 1) << laila::toString(p);
  EXPECT_EQ(c.allocationsInLoops, 0) << laila::toString(p);
  EXPECT_GE(c.allocations, 2) << laila::toString(p);
}

TEST(LowerStructure, CatenatedColumnsAreWrittenInOneLoopNest) {
  // Two computed columns side by side: one loop over the rows writes both columns (no loop
  // over the columns, no branch between the parts).
  laila::Program p = lowerText(
      "let a:[int]2 = reshape([4,1],iota(4)) in "
      "cat(each(fn x:[int]0 => muli(x,2),a),each(fn x:[int]0 => addi(x,7),a))");
  Counts c = count(p);
  EXPECT_EQ(c.loops, 1) << laila::toString(p);
  EXPECT_EQ(c.allocations, 1) << laila::toString(p);  // the printed result
  EXPECT_EQ(c.branches, 0) << laila::toString(p);
}

// mandelbrot's shape of step: planes of a 3-plane state taken apart, combined, and catenated
// back (first-axis catenation as transposes around cat). The new value at a point reads only
// that point, so each point's three values are iterated in place.
const char* kPlanesStep =
    "fn s:[double]3 =>"
    " let a:[double]3 = take(1,s) in let b:[double]3 = take(1,drop(1,s)) in let c:[double]3 = drop(2,s) in"
    " let z:[double]3 = zipWith(addd,a,b) in"
    " transp(cat(transp(zipWith(muld,z,z)),transp(transp(cat(transp(zipWith(subd,z,b)),transp(zipWith(addd,c,z)))))))";

TEST(LowerStructure, PointwisePowerRunsInsideTheLoopOverPoints) {
  // A 3×4×8 state: 3 fields (4×3 would be too many) at each of the 4×8 points.
  laila::Program p = lowerText(std::string("reduce(addd,0.0,reshape([96],power(") + kPlanesStep +
                               ", reduce(addi,0,iota(4)),reshape([3,4,8],each(i2d,iota(96))))))");
  Counts c = count(p);
  // rows, tiles of a row, then the power loop; inside it the tile's points.
  EXPECT_EQ(c.firstSequentialDepth, 3) << laila::toString(p);
  EXPECT_EQ(c.loopDepth, 4) << laila::toString(p);
  EXPECT_EQ(c.allocationsInSequentialLoops, 0) << laila::toString(p);
  EXPECT_EQ(c.branches, 0) << laila::toString(p);
  // None in the step. The sum over the flattened final state reads each field's own memory, so
  // it selects between the fields' loads where the field is known only at run time.
  EXPECT_EQ(c.selectsInLanes, 0) << laila::toString(p);
  // z's element (one addition) is computed once per point for the three uses: the step
  // multiplies once (z×z), not more.
  EXPECT_EQ(c.doubleMultiplications, 1) << laila::toString(p);
}

TEST(LowerStructure, PowerOverSmallStateKeepsItInVariables) {
  // A state of 2 elements is all fields of one point: variables, no memory, no loop over points.
  laila::Program p = lowerText(
      "power(fn v:[int]1 => let s:[int]0 = reduce(addi,0,v) in [index(1,2,v),s]:int,reduce(addi,0,iota(4)),[0,1])");
  Counts c = count(p);
  EXPECT_EQ(c.loops, 1) << laila::toString(p);  // the power loop, nothing inside it
  EXPECT_EQ(c.allocationsInLoops, 0) << laila::toString(p);
}

TEST(LowerStructure, PowerThatMayFailInTwoWaysIsALoopOfPasses) {
  // ×3 alone may overflow in one way: per point. ×3 then +1 in two: the interchanged loops
  // would meet the failing points in another order and could report the other error first.
  std::string countAndState = ",reduce(addi,0,iota(4)),iota(40))";
  laila::Program oneWay = lowerText("power(fn v:[int]1 => each(fn x:[int]0 => muli(x,3),v)" + countAndState);
  EXPECT_EQ(count(oneWay).firstSequentialDepth, 2) << laila::toString(oneWay);  // tiles, power
  laila::Program twoWays = lowerText("power(fn v:[int]1 => each(fn x:[int]0 => addi(muli(x,3),1),v)" + countAndState);
  EXPECT_EQ(count(twoWays).firstSequentialDepth, 1) << laila::toString(twoWays);
}

TEST(LowerStructure, PowerReadingOtherPointsIsALoopOfPasses) {
  // Steps that read another point (a neighbour, a reduction over the state, a transposed
  // position) keep the power loop outermost (the states have too many elements to be the
  // fields of a single point).
  for (const char* step : {"fn v:[int]1 => rotate(1,v)", "fn v:[int]1 => each(fn x:[int]0 => subi(x,reduce(mini,0,v)),v)",
                           "fn m:[int]2 => transp(m)"}) {
    std::string state = std::string(step).find("m:") != std::string::npos ? "reshape([3,3],iota(9))" : "iota(20)";
    laila::Program p = lowerText(std::string("power(") + step + ",reduce(addi,0,iota(4))," + state + ")");
    EXPECT_EQ(count(p).firstSequentialDepth, 1) << step << "\n" << laila::toString(p);
  }
}

TEST(LowerStructure, RotationIsSplitIntoPiecesWithoutSelects) {
  // 3⌽⍳10 summed: the loop is cut where j+3 reaches 10, and neither piece selects.
  laila::Program p = lowerText("reduce(addi,0,rotate(3,each(fn x:[int]0 => muli(x,x),iota(10))))");
  Counts c = count(p);
  EXPECT_EQ(c.loops, 2) << laila::toString(p);
  EXPECT_EQ(c.selects, 0) << laila::toString(p);
}

TEST(LowerStructure, IntegerSumIsCheckedOnceAfterItsLoop) {
  // +/ on integers is exact (docs/semantics.md): wrapping additions, the wraps counted, one check
  // after the loop instead of one per element; other reductions keep a check per element.
  // Values that cannot overflow one by one but whose sum may (a sum of values in a small range
  // over a known count is proved not to, and has no check at all).
  std::string values = "each(fn x:[int]0 => addi(x,9223372036854775000),iota(100))";
  laila::Program sum = lowerText("reduce(addi,0," + values + ")");
  Counts c = count(sum);
  EXPECT_EQ(c.checksInLoops, 0) << laila::toString(sum);
  EXPECT_GE(c.checks, 1) << laila::toString(sum);
  laila::Program product = lowerText("reduce(muli,1," + values + ")");
  EXPECT_GE(count(product).checksInLoops, 1) << laila::toString(product);
}

TEST(LowerStructure, HybridTransposeNeedsNoDivision) {
  // Printing materializes: nested loops for the shaped form, one loop with div/mod for the flat.
  std::string program = "transp(reshape([3,4],each(fn x:[int]0 => muli(x,3),iota(12))))";
  Counts hybrid = count(lowerText(program));
  Counts flat = count(lowerText(program, false, true));
  EXPECT_EQ(hybrid.divisions, 0);
  EXPECT_GT(flat.divisions, 0);
}

// The accumulating loops of a program, outermost first, with the kind of the loop around each.
struct FoldLoop {
  laila::Accumulator accumulator;
  laila::LoopKind enclosing;  // Sequential at the top level
};
class FoldLoops : public laila::IRVisitor {
 public:
  std::vector<FoldLoop> found;

 protected:
  void visit(const laila::For* op) override {
    if (op->accumulator) found.push_back({*op->accumulator, kinds_.empty() ? laila::LoopKind::Sequential : kinds_.back()});
    kinds_.push_back(op->loopKind);
    IRVisitor::visit(op);
    kinds_.pop_back();
  }

 private:
  std::vector<laila::LoopKind> kinds_;
};
std::vector<FoldLoop> foldLoops(const laila::Program& p) {
  FoldLoops f;
  f.include(p.body);
  return f.found;
}

// Reductions in blocks are structured Laila (docs/semantics.md, reduction order): a parallel loop
// over the blocks whose body folds its block in a Reduction loop, then a Reduction loop over the
// blocks' partial results. A sum of doubles keeps its order (not reassociable); ∧ on booleans is
// exact in any order.
TEST(LowerStructure, BlockedReductionsAreReductionLoops) {
  // Where loops run at once (OpenMP, OpenCL), the blocks are a parallel loop storing partial sums.
  laila::Program sum = lowerText("reduce(addd,0.0,each(fn x:[int]0 => i2d(x),iota(20000)))", false, false, true);
  std::vector<FoldLoop> loops = foldLoops(sum);
  ASSERT_EQ(loops.size(), 2u) << laila::toString(sum);
  EXPECT_EQ(loops[0].enclosing, laila::LoopKind::ParallelMap) << laila::toString(sum);  // a block's items
  EXPECT_EQ(loops[1].enclosing, laila::LoopKind::Sequential) << laila::toString(sum);   // the partials
  for (const FoldLoop& l : loops) {
    EXPECT_EQ(l.accumulator.op, laila::BinaryOp::Add);
    EXPECT_FALSE(l.accumulator.associativeCommutative);
  }
  // On the sequential target each block's sum is added as soon as it is computed: the blocks'
  // fold encloses the items', and no array holds the partials.
  laila::Program sequential = lowerText("reduce(addd,0.0,each(fn x:[int]0 => i2d(x),iota(20000)))");
  loops = foldLoops(sequential);
  ASSERT_EQ(loops.size(), 2u) << laila::toString(sequential);
  EXPECT_EQ(loops[0].enclosing, laila::LoopKind::Sequential) << laila::toString(sequential);  // the blocks
  EXPECT_EQ(loops[1].enclosing, laila::LoopKind::Reduction) << laila::toString(sequential);   // a block's items
  EXPECT_EQ(count(sequential).allocations, 0) << laila::toString(sequential);
  laila::Program all = lowerText("reduce(andb,tt,each(fn x:[int]0 => lti(x,30000),iota(20000)))", false, false, true);
  loops = foldLoops(all);
  ASSERT_EQ(loops.size(), 2u) << laila::toString(all);
  for (const FoldLoop& l : loops) EXPECT_TRUE(l.accumulator.associativeCommutative) << laila::toString(all);
  // Along an axis of at most 8 items the fold is unrolled: no loop.
  EXPECT_TRUE(foldLoops(lowerText("reduce(addd,0.0,each(fn x:[int]0 => i2d(x),iota(5)))")).empty());
}

// A scan by one operator with a neutral element is a Scan loop from it: ⌈ on integers (exact in
// any order), + on doubles (ordered). Integer + (checked) and ⌈ on doubles (a call) are not one
// operator and keep their sequential loop.
TEST(LowerStructure, ScansByOneOperatorAreScanLoops) {
  std::vector<FoldLoop> loops = foldLoops(lowerText("scan(maxi,each(fn x:[int]0 => muli(x,subi(0,x)),iota(100)))"));
  ASSERT_EQ(loops.size(), 1u);
  EXPECT_EQ(loops[0].accumulator.op, laila::BinaryOp::Max);
  EXPECT_TRUE(loops[0].accumulator.associativeCommutative);
  loops = foldLoops(lowerText("scan(addd,each(fn x:[int]0 => i2d(x),iota(100)))"));
  ASSERT_EQ(loops.size(), 1u);
  EXPECT_EQ(loops[0].accumulator.op, laila::BinaryOp::Add);
  EXPECT_FALSE(loops[0].accumulator.associativeCommutative);
  EXPECT_TRUE(foldLoops(lowerText("scan(addi,iota(100))")).empty());
  EXPECT_TRUE(foldLoops(lowerText("scan(maxd,each(fn x:[int]0 => i2d(x),iota(100)))")).empty());
}

}  // namespace
