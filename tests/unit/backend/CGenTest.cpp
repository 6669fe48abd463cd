// The C spelling of Laila expressions and statements (without compiling them).
#include <gtest/gtest.h>

#include <limits>

#include "backend/c/CGen.h"
#include "laila/ir/Builder.h"
#include "laila/ir/Ops.h"

namespace aplc_test {
namespace {

using namespace aplc::laila;
using aplc::backend::cExpr;

Expr intVar(const char* base, uint32_t tag) { return var(Var{Name{base, tag}, IntType}); }
Expr doubleVar(const char* base, uint32_t tag) { return var(Var{Name{base, tag}, DoubleType}); }

void check(const Expr& e, const std::string& expected) {
  EXPECT_EQ(cExpr(e), expected);
}

TEST(CGen, IntLiterals) {
  check(intConst(5), "5");
  check(intConst(-5), "-5");
  check(intConst(5000000000), "INT64_C(5000000000)");
  check(intConst(std::numeric_limits<int64_t>::min()), "INT64_MIN");
  check(intConst(std::numeric_limits<int64_t>::max()), "INT64_C(9223372036854775807)");
}

TEST(CGen, DoubleLiteralsHaveFullPrecisionAndLookLikeDoubles) {
  check(doubleConst(2.0), "2.0");
  check(doubleConst(0.1), "0.10000000000000001");
  check(doubleConst(1e300), "1.0000000000000001e+300");
  check(doubleConst(-0.5), "-0.5");
  check(doubleConst(std::numeric_limits<double>::infinity()), "HUGE_VAL");
}

TEST(CGen, PrecedenceAndParentheses) {
  Expr i = intVar("i", 1), j = intVar("j", 2), n = intVar("n", 3);
  check(i * n + j, "i_1 * n_3 + j_2");
  check((i + j) * n, "(i_1 + j_2) * n_3");
  check(i - (j - n), "i_1 - (j_2 - n_3)");
  check(i - intConst(-3), "i_1 - -3");  // folding keeps x - c as it is
  check(neg(i + j), "-(i_1 + j_2)");
  check(land(lt(i, n), ge(j, intConst(0))), "i_1 < n_3 && j_2 >= 0");
}

TEST(CGen, OperatorsWithLailaSemanticsUseHelpers) {
  Expr i = intVar("i", 1), n = intVar("n", 3);
  Expr x = doubleVar("x", 4);
  check(i / n, "aplc_op_div_i(i_1, n_3)");
  check(i % n, "aplc_op_mod_i(i_1, n_3)");
  check(x / x, "x_4 / x_4");
  check(mod(x, x), "aplc_op_mod_d(x_4, x_4)");
  check(floor(x), "aplc_op_d2i(floor(x_4))");
  check(i2d(i) * x, "(double)i_1 * x_4");
  check(unary(UnaryOp::Exp, x), "exp(x_4)");
  check(binary(BinaryOp::Shl, i, n), "aplc_op_shl_i(i_1, n_3)");
}

TEST(CGen, ProgramHasMainRuntimeInitAndLoopMarkers) {
  Builder b;
  Expr a = b.alloc(BaseType::Double, intConst(4), "a");
  b.forLoop(intConst(4), LoopKind::ParallelMap, [&](Expr i) { b.store(a, i, i2d(i)); });
  b.reduce(intConst(4), BinaryOp::Add, doubleConst(0.0), [&](Expr i) { return load(a, i); },
           "sum", Expr(), false);
  b.free(a);
  std::string c = aplc::backend::generateC(b.finish());
  for (const char* expected :
       {"#include \"aplc_runtime.h\"", "int main(void) {", "aplc_runtime_init();",
        "double *a_1 = (double *)aplc_alloc_array(4, sizeof(double));",
        "/* OpenMP: parallel for */", "for (int64_t i_2 = 0; i_2 < 4; i_2++) {",
        "a_1[i_2] = (double)i_2;", "/* OpenMP: reduction(add:sum_3), ordered: keep sequential */",
        "sum_3 = sum_3 + a_1[i_4];", "aplc_free_array(a_1);", "return 0;"}) {
    EXPECT_NE(c.find(expected), std::string::npos) << "missing: " << expected << "\n" << c;
  }
}

}  // namespace
}  // namespace aplc_test
