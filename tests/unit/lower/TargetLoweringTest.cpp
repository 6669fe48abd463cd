// Target-aware lowering (laila/lower/Target.h, driver/Targets.h): the targets' pass lists name real
// passes, a GPU description gets neither tiles nor split loops, and what it lowers computes
// what the C target's lowering computes (both generated as C, compiled and run).
#include <gtest/gtest.h>

#include <string>

#include "backend/c/CGen.h"
#include "backend/memory/MemoryPasses.h"
#include "driver/Targets.h"
#include "laila/ir/IRVisitor.h"
#include "laila/lower/Lower.h"
#include "laila/ir/Print.h"
#include "tail/ir/Parse.h"
#include "tail/ir/TypeCheck.h"
#include "tests/unit/backend/RunProgram.h"

namespace {

using namespace aplc;

// A per-point power over a 4×40 state of 2 fields (tiled on a CPU) whose result is rotated
// along its last axis (a split loop on a CPU), summed.
const char* kProgram =
    "let s:[double]3 = power(fn s:[double]3 =>"
    " let a:[double]3 = take(1,s) in let b:[double]3 = drop(1,s) in"
    " transp(cat(transp(zipWith(addd,a,b)),transp(zipWith(muld,b,b)))),"
    " reduce(addi,0,iota(3)),reshape([2,4,40],each(fn x:[int]0 => divd(i2d(x),100.0),iota(320)))) in"
    " reduce(addd,0.0,reshape([320],rotate(3,s)))";

struct Shape {
  int loops = 0, tiles = 0;
};

class ShapeCounter : public laila::IRVisitor {
 public:
  Shape shape;

 protected:
  using IRVisitor::visit;
  void visit(const laila::For* op) override {
    ++shape.loops;
    IRVisitor::visit(op);
  }
  void visit(const laila::Allocate* op) override {
    if (op->var.name.base == "tile") ++shape.tiles;
    IRVisitor::visit(op);
  }
};

laila::Program lowerFor(driver::TargetKind kind) {
  tail::Exp e = tail::annotateTypes(tail::parseExpText(kProgram)).exp;
  laila::LowerOptions options;
  options.target = driver::describeTarget(kind);
  return laila::lower(e, options);
}

Shape shapeOf(const laila::Program& p) {
  ShapeCounter c;
  c.include(p.body);
  for (const laila::Function& f : p.functions) c.include(f.body);
  return c.shape;
}

TEST(Targets, EveryTargetsPassesExistAndCIsTheDefaultList) {
  for (driver::TargetKind kind : {driver::TargetKind::C, driver::TargetKind::OpenMP, driver::TargetKind::OpenCL})
    EXPECT_FALSE(driver::describeTarget(kind).passes.empty()) << driver::targetName(kind);
  // Laila's default list is the C target's, less the passes of backend/memory (which build on Laila).
  std::vector<const laila::Pass*> cPasses;
  for (const laila::Pass* p : driver::describeTarget(driver::TargetKind::C).passes)
    if (!memory::findMemoryPass(p->name)) cPasses.push_back(p);
  EXPECT_EQ(cPasses, laila::Target::defaultPasses());
  std::string gpu = driver::passList(driver::describeTarget(driver::TargetKind::OpenCL));
  // Outermost loops are kernels, not split; the loops inside their work items are.
  EXPECT_EQ((", " + gpu + ",").find(", splitLoops,"), std::string::npos) << gpu;
  EXPECT_NE(gpu.find("splitLoopsInsideParallel"), std::string::npos) << gpu;
  EXPECT_NE(gpu.find("expandAllocations"), std::string::npos) << gpu;
  EXPECT_NE(gpu.find("eliminateChecks"), std::string::npos) << gpu;
}

TEST(Targets, AGpuLoweringHasNoTilesNorSplitLoops) {
  laila::Program cpu = lowerFor(driver::TargetKind::C);
  laila::Program gpu = lowerFor(driver::TargetKind::OpenCL);
  EXPECT_GT(shapeOf(cpu).tiles, 0) << laila::toString(cpu);
  EXPECT_EQ(shapeOf(gpu).tiles, 0) << laila::toString(gpu);
  EXPECT_LT(shapeOf(gpu).loops, shapeOf(cpu).loops) << laila::toString(gpu) << "\n" << laila::toString(cpu);
}

TEST(Targets, AGpuLoweringComputesWhatTheCpuLoweringComputes) {
  aplc_test::RunResult cpu = aplc_test::compileAndRun(lowerFor(driver::TargetKind::C), "target_cpu");
  aplc_test::RunResult gpu = aplc_test::compileAndRun(lowerFor(driver::TargetKind::OpenCL), "target_gpu");
  EXPECT_EQ(cpu.status, 0) << cpu.err;
  EXPECT_EQ(gpu.status, 0) << gpu.err;
  EXPECT_FALSE(cpu.out.empty());
  EXPECT_EQ(gpu.out, cpu.out);
}

}  // namespace
