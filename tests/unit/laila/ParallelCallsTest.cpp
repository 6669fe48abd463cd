// ParallelCalls: which functions of a program a parallel loop's iteration may call, and with what.
#include <gtest/gtest.h>

#include "laila/ir/Ops.h"
#include "laila/ir/ParallelCalls.h"

namespace aplc_test {
namespace {

using namespace aplc::laila;

Var intVar(const char* base, uint32_t tag) { return Var{Name{base, tag}, IntType}; }
Var intMemory(const char* base, uint32_t tag) { return Var{Name{base, tag}, Type::memoryOf(BaseType::Int)}; }
Stmt block(std::vector<Stmt> s) { return Block::make(std::move(s)); }

// Mutually recursive functions are safe together; one that calls a printing function is not, nor
// are those that call it.
TEST(ParallelCalls, SafetyIsTheLargestSetClosedUnderTheRules) {
  Var x = intVar("x", 1), r1 = intVar("r", 2), r2 = intVar("r", 3), r3 = intVar("r", 4), y = intVar("y", 5);
  Name even{"even", 6}, odd{"odd", 7}, shout{"shout", 8}, caller{"caller", 9};
  auto calls = [&](const Name& g, const Var& result) {
    return block({Decl::make(y, call(functionCallName(g), IntType, {var(x) - 1})), Assign::make(result, var(y))});
  };
  std::vector<Function> fs = {
      {even, {{x, false}}, calls(odd, r1), r1},
      {odd, {{x, false}}, calls(even, r2), r2},
      {shout, {{x, false}}, block({Print::make(var(x), {}, PrintStyle::Apl), Assign::make(r3, var(x))}), r3},
      {caller, {{x, false}}, block({CallFunction::make(shout, {})}), std::nullopt},
  };
  ParallelCalls pc(fs);
  EXPECT_TRUE(pc.safe(even));
  EXPECT_TRUE(pc.safe(odd));
  EXPECT_FALSE(pc.safe(shout));
  EXPECT_FALSE(pc.safe(caller));
}

// A function that stores into its memory parameter (an outlined loop's result) is called by an
// iteration only with memory the iteration owns; one that only reads it, with any.
TEST(ParallelCalls, WrittenParametersMustBeTheIterationsOwn) {
  Var m = intMemory("m", 1), v = intVar("v", 3);
  Name fill{"fill", 4}, read{"read", 5};
  std::vector<Function> fs = {
      {fill, {{m, false}}, block({Store::make(m, intConst(0), intConst(7))}), std::nullopt},
      {read, {{m, false}}, block({Decl::make(v, load(var(m), intConst(0)))}), std::nullopt},
  };
  ParallelCalls pc(fs);
  EXPECT_TRUE(pc.safe(fill));
  Var arg = intMemory("arg", 6);
  Stmt fillCall = CallFunction::make(fill, {{arg, false}}), readCall = CallFunction::make(read, {{arg, false}});
  auto owned = [](const Name&) { return true; };
  auto outside = [](const Name&) { return false; };
  EXPECT_TRUE(pc.allowed(fillCall.as<CallFunction>(), owned));
  EXPECT_FALSE(pc.allowed(fillCall.as<CallFunction>(), outside));
  EXPECT_TRUE(pc.allowed(readCall.as<CallFunction>(), outside));
}

}  // namespace
}  // namespace aplc_test
