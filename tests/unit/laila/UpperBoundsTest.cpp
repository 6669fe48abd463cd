// UpperBounds: symbolic bounds over a loop's iterations, checked by giving the enclosing code's
// variables values and folding.
#include <gtest/gtest.h>

#include "laila/analysis/UpperBounds.h"
#include "laila/ir/Ops.h"
#include "laila/ir/Print.h"
#include "laila/ir/Renaming.h"
#include "laila/passes/Simplify.h"

namespace aplc_test {
namespace {

using namespace aplc::laila;

Var intVar(const char* base, uint32_t tag) { return Var{Name{base, tag}, IntType}; }

// The bound with N = n, folded to a constant (nullopt when there is no bound or it does not fold).
std::optional<int64_t> at(const std::optional<Expr>& bound, const Var& N, int64_t n) {
  if (!bound) return std::nullopt;
  return asIntConst(simplify(Substitute({{N.name, intConst(n)}}).mutate(*bound)));
}

// for i in 0..N { n = i + 1; c = 0; for j in 0..n { c = c + b2i(j % 2 == 0) }; k = 0; m = 2 * c - 1 }
TEST(UpperBounds, LoopVariablesDeclarationsAndCounters) {
  Var N = intVar("N", 1), i = intVar("i", 2), n = intVar("n", 3), c = intVar("c", 4), j = intVar("j", 5);
  Var m = intVar("m", 6), w = intVar("w", 7);
  Stmt inner = For::make(j, intConst(0), var(n), LoopKind::Sequential, std::nullopt,
                         Block::make({Assign::make(c, var(c) + b2i(eq(var(j) % 2, intConst(0))))}));
  Stmt body = Block::make({Decl::make(n, var(i) + 1), Decl::make(c, intConst(0)), inner,
                           Decl::make(m, var(c) * 2 - 1), Decl::make(w, min(var(n), intConst(5)))});
  Stmt loop = For::make(i, intConst(0), var(N), LoopKind::ParallelMap, std::nullopt, body);
  UpperBounds bounds(loop.as<For>());
  EXPECT_EQ(at(bounds.upper(var(N)), N, 10), 10);  // the enclosing code's: itself
  EXPECT_EQ(at(bounds.upper(var(i)), N, 10), 9);
  EXPECT_EQ(at(bounds.lower(var(i)), N, 10), 0);
  EXPECT_EQ(at(bounds.upper(var(n)), N, 10), 10);
  EXPECT_EQ(at(bounds.upper(var(c)), N, 10), 10);  // at most one step per trip of the inner loop
  EXPECT_EQ(at(bounds.lower(var(c)), N, 10), 0);
  EXPECT_EQ(at(bounds.upper(var(m)), N, 10), 19);
  EXPECT_EQ(at(bounds.upper(var(w)), N, 10), 5);   // a min with a constant
  EXPECT_EQ(at(bounds.upper(var(n) - var(i)), N, 10), 10);  // 9 + 1 - 0: bounds, not values
}

// A scalar assigned otherwise than as a counter, or a counter stepped in a while loop, has no bound.
TEST(UpperBounds, NoBoundForWhatTheyCannotFollow) {
  Var N = intVar("N", 1), i = intVar("i", 2), x = intVar("x", 3), c = intVar("c", 4);
  Stmt body = Block::make({Decl::make(x, intConst(0)), Assign::make(x, var(i) * var(i)), Decl::make(c, intConst(0)),
                           While::make(lt(var(c), var(i)), Block::make({Assign::make(c, var(c) + 1)}))});
  Stmt loop = For::make(i, intConst(0), var(N), LoopKind::ParallelMap, std::nullopt, body);
  UpperBounds bounds(loop.as<For>());
  EXPECT_FALSE(bounds.upper(var(x)).has_value());
  EXPECT_FALSE(bounds.upper(var(c)).has_value());
  EXPECT_FALSE(bounds.upper(var(i) * var(i)).has_value());  // a product of two variables
}

}  // namespace
}  // namespace aplc_test
