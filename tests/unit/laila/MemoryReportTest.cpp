// The memory plan of --emit=mem (laila/analysis/MemoryReport.h): bytes, placement and the blocks
// live after allocations, frees and moves, through loops and branches.
#include <gtest/gtest.h>

#include "laila/analysis/MemoryReport.h"
#include "laila/analysis/PrivateMemory.h"
#include "laila/ir/Ops.h"
#include "tests/unit/laila/TextCount.h"

namespace aplc_test {
namespace {

using namespace aplc::laila;

Var memoryOf(BaseType base, const char* name, uint32_t tag) { return Var{Name{name, tag}, Type::memoryOf(base)}; }
Var intVar(const char* base, uint32_t tag) { return Var{Name{base, tag}, IntType}; }
Stmt block(std::vector<Stmt> s) { return Block::make(std::move(s)); }

TEST(MemoryReport, BytesPlacementAndLiveBlocks) {
  Var a = memoryOf(BaseType::Double, "a", 1), b = memoryOf(BaseType::Bool, "b", 2), t = memoryOf(BaseType::Int, "t", 3),
      n = intVar("n", 4), i = intVar("i", 5), c = memoryOf(BaseType::Double, "c", 6);
  Stmt perIteration = block({Allocate::make(t, intConst(16)), Store::make(t, intConst(0), var(i)), Free::make(t)});
  Program p{block({
      Decl::make(n, intConst(10)),
      Allocate::make(a, intConst(240)),
      Allocate::make(b, var(n)),
      For::make(i, intConst(0), var(n), LoopKind::ParallelMap, std::nullopt, perIteration),
      DeclareMemory::make(c),
      Assign::make(c, var(a)),  // a's block is c's now
      Free::make(b),
      Free::make(c),
  })};
  std::string text = memoryReport(p);  // as for OpenCL's host, which places no private arrays
  EXPECT_NE(text.find("[double] a_1 = alloc double[240];  // 1920 bytes; live: a_1 (1920 bytes)"), std::string::npos) << text;
  EXPECT_NE(text.find("[bool] b_2 = alloc bool[n_4];  // n_4 bytes; live: a_1 b_2 (n_4 + 1920 bytes)"), std::string::npos) << text;
  EXPECT_NE(text.find("alloc int[16];  // 128 bytes, one per iteration of the parallel loop over i_5 (not expanded: the iteration allocates it); live: a_1 b_2 t_3"),
            std::string::npos) << text;
  EXPECT_NE(text.find("c_6 = a_1;  // moves the block of a_1 to c_6 (no copy); live: c_6 b_2 (n_4 + 1920 bytes)"), std::string::npos) << text;
  EXPECT_NE(text.find("free c_6;  // live: none"), std::string::npos) << text;
  // A declaration names the blocks moved into it (a power loop's swap variable): not a block.
  EXPECT_NE(text.find("[double] c_6;  // no block yet\n"), std::string::npos) << text;
  EXPECT_NE(text.find("// main: 3 blocks, at most 3 live at once (sizes known at run time"), std::string::npos) << text;
  // On the C targets t is an automatic array of each iteration (laila/analysis/PrivateMemory.h):
  // not a block, and in no live set.
  std::string onC = memoryReport(placePrivateArrays(p));
  EXPECT_NE(onC.find("alloc private int[16];  // 128 bytes private to each iteration (an automatic array, not a block)\n"), std::string::npos) << onC;
  EXPECT_NE(onC.find("// main: 2 blocks, at most 2 live at once"), std::string::npos) << onC;
}

TEST(MemoryReport, EitherBranchMayRunAndConstantPeaks) {
  Var a = memoryOf(BaseType::Int, "a", 1), b = memoryOf(BaseType::Int, "b", 2), x = intVar("x", 3);
  Program p{block({
      Decl::make(x, intConst(1)),
      Allocate::make(a, intConst(100)),
      IfThenElse::make(lt(var(x), intConst(2)), Allocate::make(b, intConst(50))),
      // After the if, b may be live: a free of a lists it.
      Free::make(a),
  })};
  std::string text = memoryReport(p);
  EXPECT_NE(text.find("free a_1;  // live: b_2 (400 bytes)"), std::string::npos) << text;
  EXPECT_NE(text.find("// main: 2 blocks, at most 2 live at once (1200 bytes, after b_2 is allocated)"), std::string::npos) << text;
  EXPECT_EQ(count(text, "; live:") + count(text, "// live:"), 3) << text;
}

}  // namespace
}  // namespace aplc_test
