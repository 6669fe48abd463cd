// DeadCode (laila/passes/DeadCode.h): unread declarations go, chains of them too; declarations that are
// read, assigned, or whose initializer has an effect stay.
#include <gtest/gtest.h>

#include <string>

#include "laila/ir/Builder.h"
#include "laila/passes/DeadCode.h"
#include "laila/ir/Print.h"

namespace aplc_test {
namespace {

using namespace aplc::laila;

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(DeadCode, UnreadChainsAreRemoved) {
  Builder b;
  Expr n = b.let(call("aplc_gen_roll", IntType, {intConst(6)}), "n");  // read below: stays
  Expr unused1 = b.let(n * intConst(2), "unused");                       // read only by unused2
  b.let(i2d(unused1) + doubleConst(0.5), "unused");                      // read by nothing
  Expr kept = b.let(n + intConst(1), "kept");
  b.print(kept, {}, PrintStyle::Apl);
  std::string p = toString(removeDeadCode(b.finish()));
  EXPECT_FALSE(has(p, "unused")) << p;
  EXPECT_TRUE(has(p, "int n_1 = aplc_gen_roll(6);")) << p;
  EXPECT_TRUE(has(p, "int kept_4 = n_1 + 1;")) << p;
}

TEST(DeadCode, EffectsAndAssignedVariablesStay) {
  Builder b;
  b.let(call("aplc_gen_roll", IntType, {intConst(6)}), "roll");  // unread, but draws a number
  b.let(call("aplc_elapsed_ms", IntType, {}), "time");           // unread, but reads the clock
  Var acc = b.declare(intConst(0), "acc");                         // assigned, never read
  b.assign(acc, intConst(4));
  std::string p = toString(removeDeadCode(b.finish()));
  EXPECT_TRUE(has(p, "aplc_gen_roll(6)")) << p;
  EXPECT_TRUE(has(p, "aplc_elapsed_ms()")) << p;
  EXPECT_TRUE(has(p, "acc_3 = 4;")) << p;
}

}  // namespace
}  // namespace aplc_test
