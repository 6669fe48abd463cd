// The LMAD algebra (backend/memory/Lmad.h): unit tests of each operation on small constant and
// symbolic LMADs, and proofs (disjointness, injectivity, reshape) on concrete cases, including
// constants so large that int64 arithmetic would wrap. Property tests: LmadPropertyTest.cpp.
#include <gtest/gtest.h>

#include <boost/multiprecision/cpp_int.hpp>
#include <cstdint>
#include <limits>

#include "backend/memory/Lmad.h"
#include "laila/ir/Ops.h"
#include "laila/ir/Print.h"
#include "support/Diagnostics.h"
#include "tests/unit/memory/LmadTestUtil.h"

namespace aplc_test {
namespace {

using namespace aplc::laila;
using aplc::InternalError;
using aplc::memory::disjointness;
using aplc::memory::DisjointBy;
using aplc::memory::Layout;
using aplc::memory::Lmad;
using aplc::memory::LmadDim;
using aplc::memory::provablyDisjoint;
using boost::multiprecision::cpp_int;

// Sizes n, m, k ≥ 0 (no fact: may be anything), an offset o, thread index t and count T.
struct Symbols {
  Var nv = intVariable("n", 1), mv = intVariable("m", 2), ov = intVariable("o", 3),
      tv = intVariable("t", 4), Tv = intVariable("T", 5), kv = intVariable("k", 6);
  Expr n = var(nv), m = var(mv), o = var(ov), t = var(tv), T = var(Tv), k = var(kv);
};

Expr c(int64_t v) { return intConst(v); }

TEST(Lmad, RowMajorConstantAndSymbolic) {
  Symbols s;
  EXPECT_EQ(Lmad::rowMajor(c(0), {c(2), c(3), c(4)}).toString(), "0 + {(2:12) (3:4) (4:1)}");
  EXPECT_EQ(Lmad::rowMajor(s.o, {s.n, s.m}).toString(), "o_3 + {(n_1:m_2) (m_2:1)}");
  EXPECT_EQ(Lmad::rowMajor(c(0), {s.n, s.m, s.k}).toString(),
            "0 + {(n_1:k_6 * m_2) (m_2:k_6) (k_6:1)}");
  EXPECT_EQ(Lmad::rowMajor(c(7), {}).toString(), "7 + {}");
  Lmad l = Lmad::rowMajor(c(0), {c(2), s.m});
  EXPECT_EQ(l.rank(), 2u);
  EXPECT_EQ(toString(l.size(1)), "m_2");
  EXPECT_EQ(toString(l.stride(0)), "m_2");
  EXPECT_EQ(toString(l.elementCount()), "m_2 * 2");
  EXPECT_FALSE(l.isConstant());
  EXPECT_TRUE(Lmad::rowMajor(c(1), {c(2)}).isConstant());
}

TEST(Lmad, IndexIsOffsetPlusSumOfIndexTimesStride) {
  Symbols s;
  Var iv = intVariable("i", 7), jv = intVariable("j", 8);
  Lmad l = Lmad::rowMajor(s.o, {s.n, s.m});
  EXPECT_EQ(toString(l.index({var(iv), var(jv)})), "i_7 * m_2 + o_3 + j_8");
  EXPECT_EQ(toString(Lmad::rowMajor(c(5), {c(3), c(4)}).index({c(2), c(1)})), "14");
  EXPECT_THROW(l.index({c(0)}), InternalError);
}

TEST(Lmad, SliceIsTakeAndDropOnAnyAxis) {
  Symbols s;
  Lmad m = Lmad::rowMajor(c(0), {s.n, s.m});
  // Drop the first column and take m-2 of the rest: 1↓ on the last axis.
  EXPECT_EQ(m.slice(1, c(1), s.m - c(2)).toString(), "1 + {(n_1:m_2) (m_2 - 2:1)}");
  // Drop 3 rows.
  EXPECT_EQ(m.slice(0, c(3), s.n - c(3)).toString(), "m_2 * 3 + {(n_1 - 3:m_2) (m_2:1)}");
  EXPECT_EQ(Lmad::rowMajor(c(10), {c(4), c(5)}).slice(0, c(1), c(2)).toString(),
            "15 + {(2:5) (5:1)}");
  EXPECT_THROW(Lmad::rowMajor(c(0), {c(4)}).slice(0, c(3), c(2)), InternalError);
  EXPECT_THROW(Lmad::rowMajor(c(0), {c(4)}).slice(1, c(0), c(1)), InternalError);
  // fix: one row of a matrix.
  EXPECT_EQ(m.fix(0, s.k).toString(), "k_6 * m_2 + {(m_2:1)}");
}

TEST(Lmad, PermuteAndAplTranspose) {
  Lmad a = Lmad::rowMajor(c(0), {c(2), c(3), c(4)});
  // permute: result axis k is old axis perm[k].
  EXPECT_EQ(a.permute({2, 0, 1}).toString(), "0 + {(4:1) (2:12) (3:4)}");
  // APL's 2 3 1⍉A (1-origin), 0-based {1, 2, 0}: old axis k goes to new axis p[k], so the
  // shape 2 3 4 becomes 4 2 3 (DESIGN.md: an involution could not tell the readings apart).
  Lmad t = a.transposeApl({1, 2, 0});
  EXPECT_EQ(t.toString(), "0 + {(4:1) (2:12) (3:4)}");
  // Element (i, j, k) of A is element (k, i, j) of the result.
  EXPECT_EQ(toString(a.index({c(1), c(2), c(3)})), toString(t.index({c(3), c(1), c(2)})));
  EXPECT_EQ(a.transposeApl({2, 0, 1}).toString(), "0 + {(3:4) (4:1) (2:12)}");
  EXPECT_THROW(a.permute({0, 0, 1}), InternalError);
  EXPECT_THROW(a.transposeApl({0, 1}), InternalError);
}

TEST(Lmad, ReverseStartsAtTheLastElement) {
  Symbols s;
  EXPECT_EQ(Lmad::rowMajor(c(0), {c(5)}).reverse(0).toString(), "4 + {(5:-1)}");
  EXPECT_EQ(Lmad::rowMajor(c(0), {s.n}).reverse(0).toString(), "n_1 - 1 + {(n_1:-1)}");
  EXPECT_EQ(Lmad::rowMajor(c(0), {s.n, s.m}).reverse(0).toString(),
            "m_2 * n_1 - m_2 + {(n_1:-m_2) (m_2:1)}");
  Lmad twice = Lmad::rowMajor(c(0), {c(5)}).reverse(0).reverse(0);
  EXPECT_EQ(twice.toString(), "0 + {(5:1)}");
}

TEST(Lmad, ReshapeOnlyWhenTheLayoutAllowsIt) {
  Symbols s;
  Facts facts;
  facts.atLeast(s.nv.name, 0);
  facts.atLeast(s.mv.name, 0);
  Lmad m = Lmad::rowMajor(s.o, {s.n, s.m});
  auto r = m.reshape({s.m, s.n}, facts);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->toString(), "o_3 + {(m_2:n_1) (n_1:1)}");
  auto flat = m.reshape({s.m * s.n}, facts);
  ASSERT_TRUE(flat);
  EXPECT_EQ(flat->toString(), "o_3 + {(m_2 * n_1:1)}");
  // A transpose is not row-major; dropping columns leaves gaps: both need a copy.
  EXPECT_FALSE(m.permute({1, 0}).reshape({s.n, s.m}, facts));
  EXPECT_FALSE(m.slice(1, c(1), s.m - c(1)).reshape({s.n * (s.m - c(1))}, facts));
  // Dropping rows keeps it contiguous.
  auto rows = m.slice(0, c(1), s.n - c(1)).reshape({(s.n - c(1)) * s.m}, facts);
  ASSERT_TRUE(rows);
  EXPECT_EQ(rows->toString(), "m_2 + o_3 + {((n_1 - 1) * m_2:1)}");
  // A reversed vector is row-major up to the factor -1.
  auto rev = Lmad::rowMajor(c(0), {c(6)}).reverse(0).reshape({c(2), c(3)});
  ASSERT_TRUE(rev);
  EXPECT_EQ(rev->toString(), "5 + {(2:-3) (3:-1)}");
  // APL's ⍴ with fewer elements reads a prefix; with more it would cycle: no view.
  EXPECT_TRUE(Lmad::rowMajor(c(0), {c(6)}).reshape({c(2), c(2)}));
  EXPECT_FALSE(Lmad::rowMajor(c(0), {c(6)}).reshape({c(7)}));
  // Symbolic counts: n·m ≤ n·m·k needs k ≥ 1, which only facts can tell.
  Lmad cube = Lmad::rowMajor(c(0), {s.n, s.m, s.k});
  EXPECT_FALSE(cube.reshape({s.n * s.m}, facts));
  facts.atLeast(s.kv.name, 1);
  EXPECT_TRUE(cube.reshape({s.n * s.m}, facts));
  // Size-1 axes may have any stride.
  Lmad odd(c(3), {{c(1), c(100)}, {c(4), c(1)}});
  ASSERT_TRUE(odd.reshape({c(2), c(2)}));
  EXPECT_EQ(odd.reshape({c(2), c(2)})->toString(), "3 + {(2:2) (2:1)}");
}

TEST(Lmad, ExpandBothLayouts) {
  Symbols s;
  Lmad local = Lmad::rowMajor(c(0), {s.n, s.m});
  EXPECT_EQ(local.expand(s.t, s.T, s.n * s.m, Layout::Contiguous).toString(),
            "t_4 * m_2 * n_1 + {(n_1:m_2) (m_2:1)}");
  EXPECT_EQ(local.expand(s.t, s.T, s.n * s.m, Layout::Interleaved).toString(),
            "t_4 + {(n_1:T_5 * m_2) (m_2:T_5)}");
  // The offset is scaled too (the paper forgets it): a slice at offset 1 of thread t lives at
  // T·1 + t.
  Lmad sliced = Lmad::rowMajor(c(0), {c(4)}).slice(0, c(1), c(2));
  EXPECT_EQ(sliced.expand(c(2), c(3), c(4), Layout::Interleaved).toString(), "5 + {(2:3)}");
  EXPECT_EQ(sliced.expand(c(2), c(3), c(4), Layout::Contiguous).toString(), "9 + {(2:1)}");
}

TEST(Lmad, InjectivityIsConservative) {
  Symbols s;
  Facts facts;
  facts.atLeast(s.nv.name, 0);
  facts.atLeast(s.mv.name, 1);
  EXPECT_TRUE(Lmad::rowMajor(c(0), {s.n, s.m}).isInjective(facts));
  EXPECT_TRUE(Lmad::rowMajor(c(0), {s.n, s.m}).permute({1, 0}).isInjective(facts));
  EXPECT_TRUE(Lmad::rowMajor(c(0), {s.n, s.m}).reverse(1).isInjective(facts));
  // Without m ≥ 1 the stride m may be 0.
  EXPECT_FALSE(Lmad::rowMajor(c(0), {s.n, s.m}).isInjective());
  // A broadcast (stride 0) is not injective unless its axis has at most one index.
  EXPECT_FALSE(Lmad(c(0), {{s.n, c(0)}}).isInjective(facts));
  EXPECT_FALSE(Lmad(c(0), {{c(2), c(0)}}).isInjective());
  EXPECT_TRUE(Lmad(c(0), {{c(1), c(0)}, {c(3), c(1)}}).isInjective());
  EXPECT_TRUE(Lmad(c(0), {{c(0), c(0)}, {c(3), c(0)}}).isInjective());  // no element at all
  // Constant LMADs are decided exactly: strides 2 and 3 over 3×3 indices never collide
  // (0 2 4 3 5 7 6 8 10), although neither stride exceeds the other's reach; 2 and 3 over
  // 4×3 do (3·2 = 2·3).
  EXPECT_TRUE(Lmad(c(0), {{c(3), c(2)}, {c(3), c(3)}}).isInjective());
  EXPECT_FALSE(Lmad(c(0), {{c(4), c(2)}, {c(3), c(3)}}).isInjective());
  EXPECT_FALSE(Lmad(c(0), {{c(2), c(5)}, {c(2), c(-5)}}).isInjective());
}

TEST(Lmad, DisjointRowsColumnsAndExpansions) {
  Symbols s;
  Facts facts;
  facts.atLeast(s.nv.name, 0);
  facts.atLeast(s.mv.name, 0);
  facts.atLeast(s.kv.name, 0);
  // Catenation along the first axis: rows [0,n) and [n, n+k) of a (n+k)×m result.
  Lmad result = Lmad::rowMajor(s.o, {s.n + s.k, s.m});
  Lmad top = result.slice(0, c(0), s.n), bottom = result.slice(0, s.n, s.k);
  EXPECT_EQ(disjointness(top, bottom, facts), DisjointBy::Intervals);
  // Catenation along the last axis: columns [0,k) and [k, k+m) of rows of length k+m.
  Lmad wide = Lmad::rowMajor(s.o, {s.n, s.k + s.m});
  Lmad left = wide.slice(1, c(0), s.k), right = wide.slice(1, s.k, s.m);
  EXPECT_EQ(disjointness(left, right, facts), DisjointBy::Nesting);
  EXPECT_EQ(disjointness(right, left, facts), DisjointBy::Nesting);
  // Overlapping views are never proved disjoint.
  EXPECT_FALSE(provablyDisjoint(left, wide.slice(1, c(1), s.k), facts));
  EXPECT_FALSE(provablyDisjoint(top, result, facts));
  // An empty view is disjoint from everything.
  EXPECT_EQ(disjointness(result.slice(0, c(0), c(0)), result, facts), DisjointBy::Empty);
  // A stride that is 0 only after simplification: a broadcast of position 0.
  Lmad zero(c(0), {{c(3), s.n * s.m - s.m * s.n}});
  EXPECT_FALSE(zero.isInjective(facts));
  EXPECT_FALSE(provablyDisjoint(zero, Lmad(c(0), {{c(2), c(1)}}), facts));
  EXPECT_TRUE(provablyDisjoint(zero, Lmad(c(1), {{c(2), c(1)}}), facts));
}

TEST(Lmad, ExpandedThreadsAreDisjoint) {
  Symbols s;
  Facts facts;
  facts.atLeast(s.nv.name, 0);
  facts.atLeast(s.mv.name, 0);
  facts.atLeast(s.Tv.name, 2);
  facts.bind(s.tv.name, {c(0), s.T - c(1)});  // threads t and t+1 both in [0, T)
  Lmad local = Lmad::rowMajor(c(0), {s.n, s.m});
  Expr size = s.n * s.m;
  for (Layout layout : {Layout::Contiguous, Layout::Interleaved}) {
    Lmad mine = local.expand(s.t, s.T, size, layout);
    Lmad next = local.expand(s.t + c(1), s.T, size, layout);
    EXPECT_TRUE(provablyDisjoint(mine, next, facts)) << mine.toString() << " / " << next.toString();
    // A transposed view of thread t's array still misses thread t+1's.
    Lmad transposed = local.permute({1, 0}).expand(s.t, s.T, size, layout);
    EXPECT_TRUE(provablyDisjoint(transposed, next, facts));
  }
  // Constant thread indices: the congruence test (interleaved) and intervals (contiguous).
  Lmad small = Lmad::rowMajor(c(0), {c(3), c(2)});
  EXPECT_EQ(disjointness(small.expand(c(0), c(4), c(6), Layout::Interleaved),
                         small.expand(c(3), c(4), c(6), Layout::Interleaved)),
            DisjointBy::Congruence);
  EXPECT_EQ(disjointness(small.expand(c(1), c(4), c(6), Layout::Contiguous),
                         small.expand(c(2), c(4), c(6), Layout::Contiguous)),
            DisjointBy::Intervals);
}

TEST(Lmad, ConstantTestsAreExactish) {
  // Odd and even positions: congruence mod 2.
  EXPECT_EQ(disjointness(Lmad(c(0), {{c(5), c(2)}}), Lmad(c(1), {{c(5), c(2)}})),
            DisjointBy::Congruence);
  // 0 + {(3:4) (2:1)} = {0,1,4,5,8,9}, 2 + {(3:4) (2:1)} = {2,3,6,7,10,11}: nesting.
  EXPECT_EQ(disjointness(Lmad(c(0), {{c(3), c(4)}, {c(2), c(1)}}),
                         Lmad(c(2), {{c(3), c(4)}, {c(2), c(1)}})),
            DisjointBy::Nesting);
  // {0, 5, 10} and {3, 6, 9, 12}: only the search sees it.
  EXPECT_EQ(disjointness(Lmad(c(0), {{c(3), c(5)}}), Lmad(c(3), {{c(4), c(3)}})),
            DisjointBy::LatticeSearch);
  EXPECT_FALSE(provablyDisjoint(Lmad(c(0), {{c(3), c(5)}}), Lmad(c(4), {{c(4), c(3)}})));  // 10
  // Symbolic base, constant shape: the offsets differ by a constant, which suffices.
  Symbols s;
  EXPECT_EQ(disjointness(Lmad(s.o, {{c(3), c(5)}}), Lmad(s.o + c(3), {{c(4), c(3)}})),
            DisjointBy::LatticeSearch);
  EXPECT_FALSE(provablyDisjoint(Lmad(s.o, {{c(3), c(5)}}), Lmad(s.o + c(4), {{c(4), c(3)}})));
}

// ---------------------------------------------------------------------------------------------
// Huge constants: the proofs compute exactly where int64 would wrap.
// ---------------------------------------------------------------------------------------------

const int64_t kTwo62 = int64_t(1) << 62;
const int64_t kMin = std::numeric_limits<int64_t>::min();
const int64_t kMax = std::numeric_limits<int64_t>::max();

TEST(LmadHugeConstants, IntervalsDoNotWrap) {
  // a = {0, 2^62, 2^63, 3·2^62}, b = {2^62, 2^63, 3·2^62}: they overlap. In int64, max(b) =
  // 2^62 + 2·2^62 wraps to -2^62 and max(a) to -2^62, so a wrapping interval test would call
  // them disjoint (-2^62 < 2^62 = min(b)).
  Lmad a(c(0), {{c(4), c(kTwo62)}}), b(c(kTwo62), {{c(3), c(kTwo62)}});
  EXPECT_FALSE(provablyDisjoint(a, b));
  EXPECT_FALSE(provablyDisjoint(b, a));
  checkAgainstEnumeration(a, b);
  // 2^62 + 1 + {(2:2^62)} = {2^62+1, 2^63+1} lies between a's positions: ≡ 1 (mod 2^62).
  Lmad between(c(kTwo62 + 1), {{c(2), c(kTwo62)}});
  EXPECT_EQ(disjointness(a, between), DisjointBy::Congruence);
  checkAgainstEnumeration(a, between);
  // Beyond the top of int64, mathematically: 2^63 - 1 + {(2:2^62)} = {2^63-1, 3·2^62-1}
  // misses a = {…, 2^63, 3·2^62}, and the interval [2^63-1, 3·2^62-1] meets a's.
  Lmad top(c(kMax), {{c(2), c(kTwo62)}});
  EXPECT_TRUE(provablyDisjoint(a, top));
  checkAgainstEnumeration(a, top);
  Lmad onA(c(kMax), {{c(2), c(1)}});  // {2^63-1, 2^63}: 2^63 is a's third position
  EXPECT_FALSE(provablyDisjoint(a, onA));
  checkAgainstEnumeration(a, onA);
}

TEST(LmadHugeConstants, MostNegativeStride) {
  // {0, -2^63}: |INT64_MIN| does not fit int64, but the normal form reads it backwards exactly.
  Lmad a(c(0), {{c(2), c(kMin)}});
  EXPECT_FALSE(provablyDisjoint(a, Lmad(c(kMin), {{c(1), c(1)}})));
  EXPECT_EQ(disjointness(a, Lmad(c(1), {{c(3), c(1)}})), DisjointBy::Intervals);
  EXPECT_EQ(disjointness(a, Lmad(c(kMin + 1), {{c(3), c(kTwo62)}})), DisjointBy::Congruence);
  EXPECT_TRUE(a.isInjective());
  EXPECT_FALSE(Lmad(c(0), {{c(3), c(kMin)}, {c(3), c(kTwo62)}}).isInjective());  // 2^63 = 2·2^62
  // Reading it backwards would need the offset -2^63 and the stride 2^63: no int64 holds it.
  EXPECT_THROW(a.reverse(0), InternalError);
}

TEST(LmadHugeConstants, InjectivityAndCongruenceStayExact) {
  // 3×3 indices with strides 2^62 and 2^61: 1·2^62 − 2·2^61 = 0 collides.
  EXPECT_FALSE(Lmad(c(0), {{c(3), c(kTwo62)}, {c(3), c(kTwo62 / 2)}}).isInjective());
  EXPECT_TRUE(Lmad(c(0), {{c(3), c(kTwo62)}, {c(2), c(kTwo62 / 2)}}).isInjective());
  // 2^62 + 1 and 2^62 − 1 are coprime; 0 + {(3:2^62+1)} and 1 + {(3:2^62-1)} still miss.
  Lmad p(c(0), {{c(3), c(kTwo62 + 1)}}), q(c(1), {{c(3), c(kTwo62 - 1)}});
  EXPECT_TRUE(provablyDisjoint(p, q));
  checkAgainstEnumeration(p, q);
}

TEST(LmadHugeConstants, OperationsRefuseToWrap) {
  Lmad a(c(0), {{c(4), c(kTwo62)}});
  EXPECT_THROW(a.slice(0, c(3), c(1)), InternalError);  // offset 3·2^62
  EXPECT_THROW(a.index({c(2)}), InternalError);          // position 2^63
  EXPECT_EQ(toString(a.index({c(1)})), std::to_string(kTwo62));
  EXPECT_THROW(a.expand(c(1), c(4), c(kMax), Layout::Interleaved), InternalError);
  EXPECT_THROW(Lmad::rowMajor(c(0), {c(4), c(kTwo62), c(2)}), InternalError);  // stride 2^63
}

TEST(LmadHugeConstants, SymbolicWithHugeConstantsIsConservative) {
  Symbols s;
  Facts facts;
  facts.atLeast(s.nv.name, 0);
  // Strides 2^62 with a symbolic size: the congruence test needs no size.
  Lmad a(s.o, {{s.n, c(kTwo62)}}), b(s.o + c(1), {{s.n, c(kTwo62)}});
  EXPECT_EQ(disjointness(a, b, facts), DisjointBy::Congruence);
  // o + 2^62·{1..n} overlaps o + 2^62·{0..n-1} once n ≥ 2. The interval bounds hold terms like
  // n·2^62 − 2^62, which the simplifier could fold beyond int64: it is never asked, and the
  // answer is "not proved".
  Lmad far(s.o + c(kTwo62), {{s.n, c(kTwo62)}});
  EXPECT_FALSE(provablyDisjoint(a, far, facts));
  // A point below a symbolic array with a huge stride: intervals still work.
  EXPECT_EQ(disjointness(Lmad(c(0), {{s.n, c(kTwo62)}}), Lmad(c(-1), {}), facts),
            DisjointBy::Intervals);
}

}  // namespace
}  // namespace aplc_test
