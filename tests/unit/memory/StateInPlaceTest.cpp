// A loop's array state updated in its own block (backend/memory/StateInPlace.h). Each test builds
// the lowering's double-buffered loop by hand (copy the state into u, store one element of u,
// copy u into the spare block, swap), runs the pass, verifies the result and counts what is
// left in its text.
#include <gtest/gtest.h>

#include <string>

#include "backend/memory/StateInPlace.h"
#include "laila/ir/Builder.h"
#include "laila/ir/Ops.h"
#include "laila/ir/Print.h"
#include "laila/ir/Verify.h"
#include "tests/unit/laila/TextCount.h"

namespace aplc_test {
namespace {

using namespace aplc::laila;
using aplc::memory::updateStateInPlace;

struct Loop {
  bool readStateAfterCopy = false;  // the body reads cur between the first copy and the swap
  bool readSpareAfterSwap = false;  // the body reads spare after the swap
  bool readUpdateAfterLoop = false; // u is read after the loop
};

// cur ← 8⍴0, then 4 times: u ← cur; u[k] ← k; cur ← u (through spare and a swap).
Program updateLoop(const Loop& how) {
  Builder b;
  Expr n = intConst(8);
  Expr cur = b.alloc(BaseType::Int, n, "cur");
  b.forLoop(n, LoopKind::ParallelMap, [&](Expr i) { b.store(cur, i, intConst(0)); });
  Expr spare = b.alloc(BaseType::Int, n, "spare");
  Expr via = b.alloc(BaseType::Int, intConst(0), "swap");
  b.free(via);
  Var curVar = cur.as<Variable>()->var(), spareVar = spare.as<Variable>()->var(), viaVar = via.as<Variable>()->var();
  b.emit(b.block([&] {
    Expr u = b.alloc(BaseType::Int, n, "upd");
    b.forLoop(intConst(4), LoopKind::Sequential, [&](Expr k) {
      b.forLoop(n, LoopKind::ParallelMap, [&](Expr i) { b.store(u, i, Load::make(cur, i)); });
      b.store(u, k, k);
      if (how.readStateAfterCopy) b.print(Load::make(cur, intConst(0)), {}, PrintStyle::Apl);
      b.forLoop(n, LoopKind::ParallelMap, [&](Expr i) { b.store(spare, i, Load::make(u, i)); });
      b.assign(viaVar, var(curVar));
      b.assign(curVar, var(spareVar));
      b.assign(spareVar, var(viaVar));
      if (how.readSpareAfterSwap) b.print(Load::make(spare, intConst(0)), {}, PrintStyle::Apl);
    });
    if (how.readUpdateAfterLoop) b.print(Load::make(u, intConst(0)), {}, PrintStyle::Apl);
    b.free(u);
  }));
  b.free(spare);
  b.print(cur, {n}, PrintStyle::Apl);
  b.free(cur);
  return b.finish();
}

TEST(StateInPlace, TheElementIsStoredInTheStateAndTheCopiesGo) {
  Program p = updateStateInPlace(updateLoop({}));
  VerifyOptions strict;
  strict.requireFrees = true;
  std::vector<std::string> errors = verify(p, strict);
  EXPECT_TRUE(errors.empty()) << (errors.empty() ? "" : errors[0]) << "\n" << toString(p);
  std::string text = toString(p);
  EXPECT_EQ(count(text, "alloc"), 1u) << text;  // cur alone: u, spare and the swap's name go
  EXPECT_EQ(count(text, "for "), 2u) << text;   // cur's fill and the loop; no copy
  EXPECT_EQ(count(text, "cur_1[i_6] = i_6"), 1u) << text;
  EXPECT_EQ(count(text, " = cur_1;"), 0u) << text;  // no swap
}

TEST(StateInPlace, NotWhenTheOldStateOrTheOtherBlocksAreRead) {
  auto unchanged = [](const Loop& how) {
    Program p = updateLoop(how);
    return toString(updateStateInPlace(p)) == toString(p);
  };
  Loop state;  // the old state is read after it was copied: storing into it would change that
  state.readStateAfterCopy = true;
  EXPECT_TRUE(unchanged(state));
  Loop spare;  // after the swap spare holds the old state, which this reads
  spare.readSpareAfterSwap = true;
  EXPECT_TRUE(unchanged(spare));
  Loop update;  // u's last contents are read after the loop
  update.readUpdateAfterLoop = true;
  EXPECT_TRUE(unchanged(update));
}

}  // namespace
}  // namespace aplc_test
