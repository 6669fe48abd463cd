// The Laila printer (what --emit=laila shows) on programs built with the Builder.
#include <gtest/gtest.h>

#include "laila/ir/Builder.h"
#include "laila/ir/Print.h"

namespace aplc_test {
namespace {

using namespace aplc::laila;

TEST(LailaPrint, ProgramWithEveryLoopKind) {
  Builder b;
  Expr n = b.let(intConst(6), "n");  // a constant is not bound
  Var rows = b.declare(intConst(2), "rows");
  Expr a = b.alloc(BaseType::Int, var(rows) * n, "a");
  b.forLoop(var(rows) * n, LoopKind::ParallelMap, [&](Expr i) { b.store(a, i, i * i); });
  Expr sum = b.reduce(n, BinaryOp::Add, intConst(0), [&](Expr i) { return load(a, i); }, "sum");
  b.scan(n, BinaryOp::Max, intConst(std::numeric_limits<int64_t>::min()),
         [&](Expr i) { return load(a, i); }, [&](Expr i, Expr acc) { b.store(a, i, acc); },
         "best");
  b.forLoop(intConst(2), LoopKind::Sequential, [&](Expr j) {
    b.ifThenElse(lt(j, sum), [&] { b.comment("then"); }, [&] { b.assign(rows, j); });
  });
  b.check(lt(sum, intConst(100)), ErrorKind::Domain, ErrorLoc{"f.apl", 2, 5}, "too \"big\"");
  b.print(a, {var(rows), n}, PrintStyle::Apl);
  b.print(i2d(sum) / doubleConst(4.0), {}, PrintStyle::Tail);
  b.free(a);
  EXPECT_EQ(toString(b.finish()),
            "int rows_1 = 2;\n"
            "[int] a_2 = alloc int[rows_1 * 6];\n"
            "parallel for i_3 in 0..rows_1 * 6 {\n"
            "  a_2[i_3] = i_3 * i_3;\n"
            "}\n"
            "int sum_4 = 0;\n"
            "reduction(sum_4: add, 0) for i_5 in 0..6 {\n"
            "  sum_4 = sum_4 + a_2[i_5];\n"
            "}\n"
            "int best_6 = -9223372036854775808;\n"
            "scan(best_6: max, -9223372036854775808) for i_7 in 0..6 {\n"
            "  best_6 = max(best_6, a_2[i_7]);\n"
            "  a_2[i_7] = best_6;\n"
            "}\n"
            "for i_8 in 0..2 {\n"
            "  if (i_8 < sum_4) {\n"
            "    // then\n"
            "  } else {\n"
            "    rows_1 = i_8;\n"
            "  }\n"
            "}\n"
            "check (sum_4 < 100) else DOMAIN ERROR at \"f.apl\":2:5 \"too \\\"big\\\"\";\n"
            "print apl a_2 [rows_1, 6];\n"
            "print tail i2d(sum_4) / 4.0;\n"
            "free a_2;\n");
}

TEST(LailaPrint, ExpressionsParenthesiseOnlyWhereNeeded) {
  Expr i = var(Var{Name{"i", 1}, IntType}), j = var(Var{Name{"j", 2}, IntType});
  EXPECT_EQ(toString((i + j) * intConst(3)), "(i_1 + j_2) * 3");
  EXPECT_EQ(toString(i - (j - intConst(1))), "i_1 - (j_2 - 1)");
  EXPECT_EQ(toString((i - j) - intConst(1)), "i_1 - j_2 - 1");
  EXPECT_EQ(toString(i % j / intConst(2)), "i_1 % j_2 / 2");
  EXPECT_EQ(toString(i / (j % intConst(2))), "i_1 / (j_2 % 2)");
  EXPECT_EQ(toString(neg(i * j)), "-(i_1 * j_2)");
  EXPECT_EQ(toString(select(lt(i, j), i, j)), "i_1 < j_2 ? i_1 : j_2");
  EXPECT_EQ(toString(charConst('a')), "'a'");
  EXPECT_EQ(toString(charConst(0x2374)), "U+2374");
  EXPECT_EQ(toString(doubleConst(0.1)), "0.1");
  EXPECT_EQ(toString(doubleConst(-0.0)), "-0.0");
  EXPECT_EQ(toString(doubleConst(1e300)), "1e+300");
}

}  // namespace
}  // namespace aplc_test
