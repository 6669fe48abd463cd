// The OpenCL host program's record of where each array is current (backend/opencl/OpenCLGen.h):
// host code that writes an array and then moves it to another name (elideCopies' moves) must
// mark it written by the name that holds it afterwards, or a later kernel reads the device's
// stale copy.
#include <gtest/gtest.h>

#include <string>

#include "backend/opencl/OpenCLGen.h"
#include "laila/ir/Builder.h"
#include "laila/ir/Ops.h"

namespace aplc_test {
namespace {

using namespace aplc::laila;

Var memoryVar(const Expr& e) { return e.as<Variable>()->var(); }

// A kernel writes x; host code (an if without launches) stores into x, moves x's block to y and
// gives x an empty block; a kernel then reads y.
Program writeThenMove(bool moves) {
  Builder b;
  Expr n = intConst(64);
  Expr x = b.alloc(BaseType::Int, n, "x");
  b.forLoop(n, LoopKind::ParallelMap, [&](Expr i) { b.store(x, i, i); });
  Expr y = b.alloc(BaseType::Int, moves ? intConst(0) : n, "y");
  Expr e = b.alloc(BaseType::Int, intConst(0), "e");
  Expr positive = b.let(gt(load(x, intConst(1)), intConst(0)), "positive");
  b.ifThen(positive, [&] {
    b.store(x, intConst(0), intConst(7));
    if (moves) {
      b.free(y);
      b.assign(memoryVar(y), x);
      b.assign(memoryVar(x), e);
    }
  });
  b.forLoop(n, LoopKind::ParallelMap, [&](Expr i) { b.store(y, i, load(y, i) + intConst(1)); });
  b.print(y, {n}, PrintStyle::Apl);
  b.free(x);
  b.free(y);
  return b.finish();
}

// The host code after the if: up to the second loop's choice between the host and its kernel.
std::string afterTheIf(const Program& p) {
  std::string host = aplc::backend::generateOpenCL(p, {}).hostC;
  size_t store = host.find("= 7;");
  EXPECT_NE(store, std::string::npos) << host;
  size_t choice = host.find("aplc_cl_on_host(", store);
  EXPECT_NE(choice, std::string::npos) << host;
  return host.substr(store, choice - store);
}

TEST(OpenCLHost, AnArrayMovedAfterAHostWriteIsMarkedWrittenByItsNewName) {
  std::string after = afterTheIf(writeThenMove(true));
  EXPECT_NE(after.find("aplc_cl_host_wrote(y"), std::string::npos) << after;
}

TEST(OpenCLHost, WithoutMovesOnlyTheArraysWrittenAreMarked) {
  std::string after = afterTheIf(writeThenMove(false));
  EXPECT_NE(after.find("aplc_cl_host_wrote(x"), std::string::npos) << after;
  EXPECT_EQ(after.find("aplc_cl_host_wrote(y"), std::string::npos) << after;
}

// A parallel loop that touches no memory only checks (a validation loop): the host runs it in
// place of its kernel up to aplc_cl_host_check_iterations() iterations; a loop that stores has
// the other choice, aplc_cl_on_host (a small loop on a CPU device), and a host version that
// brings its array to the host first and marks it written after.
TEST(OpenCLHost, ALoopThatOnlyChecksMayRunOnTheHost) {
  Builder b;
  Expr n = b.let(call("aplc_elapsed_ms", IntType, {}) + intConst(100), "n");
  b.forLoop(n, LoopKind::ParallelMap, [&](Expr i) {
    b.check(lt(i * intConst(3), intConst(1000)), ErrorKind::Domain, ErrorLoc{}, "too large");
  }, "valid");
  Expr x = b.alloc(BaseType::Int, n, "x");
  b.forLoop(n, LoopKind::ParallelMap, [&](Expr i) { b.store(x, i, i); });
  b.print(x, {n}, PrintStyle::Apl);
  b.free(x);
  std::string host = aplc::backend::generateOpenCL(b.finish(), {}).hostC;
  size_t choice = host.find("<= aplc_cl_host_check_iterations()) {");
  ASSERT_NE(choice, std::string::npos) << host;
  size_t hostLoop = host.find("for (int64_t valid_", choice), launch = host.find("aplc_cl_launch(0", choice);
  EXPECT_LT(hostLoop, launch) << host;  // the loop on the host, else the kernel
  EXPECT_EQ(host.find("aplc_cl_host_check_iterations", launch), std::string::npos) << host;  // not the store's loop
  EXPECT_NE(host.find("aplc_cl_launch(1"), std::string::npos) << host;
  size_t small = host.find("if (aplc_cl_on_host(", launch);
  ASSERT_NE(small, std::string::npos) << host;
  size_t use = host.find("aplc_cl_host_use(x", small), store = host.find("x_", use + 20);
  size_t wrote = host.find("aplc_cl_host_wrote(x", small), storeLaunch = host.find("aplc_cl_launch(1", small);
  EXPECT_LT(use, wrote) << host;
  EXPECT_LT(store, wrote) << host;
  EXPECT_LT(wrote, storeLaunch) << host;  // the host's loop, else the kernel
}

}  // namespace
}  // namespace aplc_test
