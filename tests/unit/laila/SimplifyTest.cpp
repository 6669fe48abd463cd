// The index simplifier: check(input, expected) on printed expressions, a brute-force check that
// every rewrite keeps the value for all variable values in their ranges, and whole statements.
#include <gtest/gtest.h>

#include <functional>
#include <map>

#include "laila/ir/Builder.h"
#include "laila/ir/Print.h"
#include "laila/passes/Simplify.h"

namespace aplc_test {
namespace {

using namespace aplc::laila;

Var intVariable(const char* base, uint32_t tag) { return Var{Name{base, tag}, IntType}; }

// Sizes n, m (≥ 1), loop indices i ∈ [0,n), j ∈ [0,m), and small constant-range indices
// p ∈ [0,2), q ∈ [0,3), r ∈ [0,2); x and y are unknown.
struct Env {
  Var nv = intVariable("n", 1), mv = intVariable("m", 2), iv = intVariable("i", 3),
      jv = intVariable("j", 4), pv = intVariable("p", 5), qv = intVariable("q", 6),
      rv = intVariable("r", 7), xv = intVariable("x", 8), yv = intVariable("y", 9);
  Expr n = var(nv), m = var(mv), i = var(iv), j = var(jv), p = var(pv), q = var(qv),
       r = var(rv), x = var(xv), y = var(yv);
  Facts facts;

  Env() {
    facts.atLeast(nv.name, 1);
    facts.atLeast(mv.name, 1);
    facts.bind(iv.name, {intConst(0), n});
    facts.bind(jv.name, {intConst(0), m});
    facts.bind(pv.name, {intConst(0), intConst(2)});
    facts.bind(qv.name, {intConst(0), intConst(3)});
    facts.bind(rv.name, {intConst(0), intConst(2)});
  }
};

// Evaluates an int (or comparison, as 0/1) expression with Laila's semantics.
int64_t eval(const Expr& e, const std::map<Name, int64_t>& env) {
  if (auto c = asIntConst(e)) return *c;
  if (auto b = asBoolConst(e)) return *b;
  if (auto* v = e.as<Variable>()) return env.at(v->name);
  if (auto* u = e.as<Unary>()) {
    EXPECT_EQ(u->op, UnaryOp::Neg);
    return -eval(u->a, env);
  }
  auto* b = e.as<Binary>();
  EXPECT_NE(b, nullptr) << toString(e);
  int64_t x = eval(b->a, env), y = eval(b->b, env);
  switch (b->op) {
    case BinaryOp::Add: return x + y;
    case BinaryOp::Sub: return x - y;
    case BinaryOp::Mul: return x * y;
    case BinaryOp::Div: return floorDiv(x, y);
    case BinaryOp::Mod: return floorMod(x, y);
    case BinaryOp::Min: return std::min(x, y);
    case BinaryOp::Max: return std::max(x, y);
    case BinaryOp::Lt: return x < y;
    case BinaryOp::Le: return x <= y;
    case BinaryOp::Gt: return x > y;
    case BinaryOp::Ge: return x >= y;
    case BinaryOp::Eq: return x == y;
    case BinaryOp::Ne: return x != y;
    case BinaryOp::And: return x && y;
    default: ADD_FAILURE() << "unexpected operator in " << toString(e); return 0;
  }
}

// The simplified expression must have the same value for every assignment in the ranges.
void checkSameValues(const Env& v, const Expr& in, const Expr& out) {
  for (int64_t n = 1; n <= 3; ++n) {
    for (int64_t m = 1; m <= 4; ++m) {
      for (int64_t i = 0; i < n; ++i) {
        for (int64_t j = 0; j < m; ++j) {
          for (int64_t x : {-13, -4, -1, 0, 1, 5, 12, 29}) {
            for (int64_t pqr = 0; pqr < 12; ++pqr) {
              std::map<Name, int64_t> env = {
                  {v.nv.name, n}, {v.mv.name, m},      {v.iv.name, i},
                  {v.jv.name, j}, {v.pv.name, pqr % 2}, {v.qv.name, pqr / 2 % 3},
                  {v.rv.name, pqr / 6}, {v.xv.name, x}, {v.yv.name, 7 - x}};
              ASSERT_EQ(eval(in, env), eval(out, env))
                  << toString(in) << " → " << toString(out) << " at n=" << n << " m=" << m
                  << " i=" << i << " j=" << j << " x=" << x;
            }
          }
        }
      }
    }
  }
}

void check(const Env& v, const Expr& input, const std::string& expected) {
  Expr output = simplify(input, v.facts);
  EXPECT_EQ(toString(output), expected) << "input: " << toString(input);
  checkSameValues(v, input, output);
}

TEST(Simplify, ConstantsAndCanonicalSums) {
  Env v;
  check(v, intConst(1) + intConst(2) * intConst(3), "7");
  check(v, v.i * 3 + 2 - v.i * 3, "2");
  check(v, (v.i + 1) * 2 - 2, "i_3 * 2");
  check(v, v.j + v.i - v.j, "i_3");
  check(v, (v.i + v.j) * (v.i - v.j), "i_3 * i_3 - j_4 * j_4");
  check(v, v.x - v.i * 2, "x_8 - i_3 * 2");
  check(v, neg(v.x - v.y), "y_9 - x_8");
}

TEST(Simplify, DivModOfAFlatIndexWithSymbolicExtent) {
  Env v;
  Expr flat = v.i * v.m + v.j;
  check(v, flat / v.m, "i_3");
  check(v, flat % v.m, "j_4");
  check(v, v.j % v.m, "j_4");
  check(v, v.j / v.m, "0");
  check(v, (v.i * v.m + v.j) / v.m * v.m + (v.i * v.m + v.j) % v.m, "i_3 * m_2 + j_4");
}

TEST(Simplify, DivModWithConstantDivisors) {
  Env v;
  Expr flat = v.p * 6 + v.q * 2 + v.r;  // a [2,3,2] array's row-major index
  check(v, flat / 2, "p_5 * 3 + q_6");
  check(v, flat % 2, "r_7");
  check(v, flat / 6, "p_5");
  check(v, flat % 6 / 2, "q_6");
  check(v, flat % 6, "q_6 * 2 + r_7");
  check(v, (v.x * 4 + 5) / 4, "x_8 + 1");
  check(v, (v.x * 4 + v.y) / 4, "x_8 + y_9 / 4");
  check(v, (v.x * 4 + v.y) % 4, "y_9 % 4");
}

TEST(Simplify, NestedDivAndMod) {
  Env v;
  check(v, v.x / 3 / 4, "x_8 / 12");
  check(v, v.x % 12 / 4, "x_8 / 4 % 3");
  check(v, v.x % 12 % 4, "x_8 % 4");
  check(v, v.x % 4 % 12, "x_8 % 4");  // x % 4 ∈ [0,4) ⊂ [0,12)
  check(v, v.x / v.m * v.m + v.x % v.m, "x_8");
  check(v, v.x / 3 * 3 + v.x % 3, "x_8");
}

TEST(Simplify, RulesDoNotFireWithoutTheirSideConditions) {
  Env v;
  check(v, v.x % 3, "x_8 % 3");            // x may be negative or ≥ 3
  check(v, (v.i * v.m + v.x) / v.m, "i_3 + x_8 / m_2");
  check(v, v.x / v.y * v.y + v.x % v.m, "x_8 / y_9 * y_9 + x_8 % m_2");
  Facts none;  // without facts m may be 0 or negative: nothing to prove
  Expr e = (v.i * v.m + v.j) / v.m;
  EXPECT_EQ(toString(simplify(e, none)), "(i_3 * m_2 + j_4) / m_2");
}

// Index arithmetic from reshape and transpose chains on hybrid pull arrays (thesis §3.4).
TEST(Simplify, ReshapeAndTransposeChains) {
  Env v;
  // A [2,3] array read as [3,2] (reshape) at (q', p) with q ∈ [0,3), p ∈ [0,2): flat index
  // q*2 + p, then back to the [2,3] source's shaped index and flat again.
  Expr flat = v.q * 2 + v.p;
  check(v, flat / 3 * 3 + flat % 3, "q_6 * 2 + p_5");
  // A [2,3] array materialized from loops (p, q): flat p*3 + q; its [2,3] shaped index is
  // (flat / 3 % 2, flat % 3); transposed twice it is read at the same place.
  Expr f = v.p * 3 + v.q;
  check(v, f / 3 % 2 * 3 + f % 3, "p_5 * 3 + q_6");
  // Reshape [6] of the transpose of a [2,3] array, in a loop nest (q, p) over [3,2]:
  // flat f' = q*2 + p; transposed shape [3,2] index (f'/2, f'%2) = (q, p); source index (p, q).
  Expr f2 = v.q * 2 + v.p;
  check(v, f2 % 2 * 3 + f2 / 2, "p_5 * 3 + q_6");
  // Three levels: [n,m] → flat → [n*m] → [n,m] again, with symbolic extents.
  Expr g = v.i * v.m + v.j;
  check(v, g / v.m % v.n * v.m + g % v.m, "i_3 * m_2 + j_4");
}

TEST(Simplify, ComparisonsDecidedByRanges) {
  Env v;
  check(v, lt(v.i, v.n), "true");
  check(v, ge(v.i, intConst(0)), "true");
  check(v, lt(v.i, intConst(0)), "false");
  check(v, lt(v.i * v.m + v.j, v.n * v.m), "true");
  check(v, land(le(intConst(0), v.i * v.m + v.j), lt(v.i * v.m + v.j, v.n * v.m)), "true");
  check(v, lt(v.q * 2 + v.p, intConst(6)), "true");
  check(v, lt(v.q * 2 + v.p, intConst(5)), "q_6 * 2 + p_5 < 5");
  check(v, eq(v.i * 2, v.i * 2 + 1), "false");
  check(v, lt(v.x, v.n), "x_8 < n_1");
  check(v, min(v.j, v.m), "j_4");
  check(v, max(v.i, intConst(0)), "i_3");
}

// Statements: loop ranges and declarations become facts; proven checks disappear.
TEST(Simplify, ProgramWithLoopsDeclarationsAndChecks) {
  Builder b;
  Expr sizes = b.alloc(BaseType::Int, intConst(2), "sizes");
  b.store(sizes, intConst(0), intConst(4));
  b.store(sizes, intConst(1), intConst(5));
  Expr n = b.let(load(sizes, intConst(0)), "n");  // unknown to the compiler
  Expr m = b.let(load(sizes, intConst(1)), "m");
  Expr size = b.let(n * m, "size");
  Expr a = b.alloc(BaseType::Int, size, "a");
  b.forLoop(n, LoopKind::ParallelMap, [&](Expr i) {
    b.forLoop(m, LoopKind::ParallelMap, [&](Expr j) {
      Expr flat = i * m + j;
      b.check(land(le(intConst(0), flat), lt(flat, size)), ErrorKind::Index, {"t.apl", 1, 1},
              "index");
      b.store(a, flat / m * m + flat % m, flat / m);
    });
  });
  b.free(a);
  b.free(sizes);
  EXPECT_EQ(toString(simplify(b.finish())),
            "[int] sizes_1 = alloc int[2];\n"
            "sizes_1[0] = 4;\n"
            "sizes_1[1] = 5;\n"
            "int n_2 = sizes_1[0];\n"
            "int m_3 = sizes_1[1];\n"
            "int size_4 = m_3 * n_2;\n"  // factors: latest variable first
            "[int] a_5 = alloc int[size_4];\n"
            "parallel for i_6 in 0..n_2 {\n"
            "  parallel for i_7 in 0..m_3 {\n"
            "    a_5[i_6 * m_3 + i_7] = i_6;\n"
            "  }\n"
            "}\n"
            "free a_5;\n"
            "free sizes_1;\n");
}

TEST(Simplify, AssignedVariablesAreNotFacts) {
  Builder b;
  Var k = b.declare(intConst(3), "k");
  b.assign(k, intConst(10));
  Expr a = b.alloc(BaseType::Int, intConst(1), "a");
  b.store(a, intConst(0), var(k) % 4);  // k is 10 now, not 3: k % 4 must stay
  b.free(a);
  std::string out = toString(simplify(b.finish()));
  EXPECT_NE(out.find("a_2[0] = k_1 % 4;"), std::string::npos) << out;
}

}  // namespace
}  // namespace aplc_test
