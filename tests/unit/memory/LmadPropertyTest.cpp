// Property tests of the LMAD algebra (backend/memory/Lmad.h) against brute-force enumeration of
// positions: thousands of random small LMADs from fixed-seed generators (rank 1–3, sizes 0–4,
// strides −6..6 with 0, offsets 0..20). Each operation must move elements as its definition
// says; the proofs must be sound (a "disjoint" or "injective" never contradicted by the
// enumeration) and useful (how often a disjointness that holds is proved is printed and bounded
// from below).
#include <gtest/gtest.h>

#include <iostream>
#include <numeric>
#include <random>

#include "backend/memory/Lmad.h"
#include "laila/ir/Ops.h"
#include "tests/unit/memory/LmadTestUtil.h"

namespace aplc_test {
namespace {

using namespace aplc::laila;
using aplc::memory::disjointness;
using aplc::memory::DisjointBy;
using aplc::memory::Layout;
using aplc::memory::Lmad;
using aplc::memory::LmadDim;
using aplc::memory::provablyDisjoint;

constexpr int kCases = 3000;

Expr c(int64_t v) { return intConst(v); }

class Random {
 public:
  explicit Random(uint32_t seed) : gen_(seed) {}

  int64_t between(int64_t lo, int64_t hi) {
    return std::uniform_int_distribution<int64_t>(lo, hi)(gen_);
  }
  bool chance(int percent) { return between(1, 100) <= percent; }
  size_t below(size_t n) { return static_cast<size_t>(between(0, static_cast<int64_t>(n) - 1)); }

  // rank 1–3, sizes 0–4 (mostly ≥ 1), strides −6..6, offset 0..20.
  Lmad lmad() {
    std::vector<LmadDim> dims(static_cast<size_t>(between(1, 3)));
    for (LmadDim& d : dims) d = {c(chance(10) ? 0 : between(1, 4)), c(between(-6, 6))};
    return Lmad(c(between(0, 20)), dims);
  }

  std::vector<int64_t> shape(int64_t minRank, int64_t maxRank, int64_t minSize) {
    std::vector<int64_t> s(static_cast<size_t>(between(minRank, maxRank)));
    for (int64_t& n : s) n = between(minSize, 4);
    return s;
  }

  std::vector<size_t> permutation(size_t n) {
    std::vector<size_t> p(n);
    std::iota(p.begin(), p.end(), 0);
    std::shuffle(p.begin(), p.end(), gen_);
    return p;
  }

 private:
  std::mt19937 gen_;
};

using Index = std::vector<int64_t>;

std::vector<int64_t> constantShape(const Lmad& l) {
  std::vector<int64_t> s;
  for (const Expr& n : l.shape()) s.push_back(*asIntConst(n));
  return s;
}

std::vector<Expr> constants(const std::vector<int64_t>& values) {
  std::vector<Expr> r;
  for (int64_t v : values) r.push_back(c(v));
  return r;
}

// Every index of a shape, in row-major order.
std::vector<Index> allIndices(const std::vector<int64_t>& shape) {
  std::vector<Index> all;
  for (int64_t n : shape) {
    if (n <= 0) return all;
  }
  Index i(shape.size(), 0);
  while (true) {
    all.push_back(i);
    size_t k = shape.size();
    while (k > 0 && ++i[k - 1] == shape[k - 1]) i[--k] = 0;
    if (k == 0) return all;
  }
}

// The position of index i by the definition: offset + Σ i_k·s_k.
cpp_int at(const Lmad& l, const Index& i) {
  cpp_int p = evaluate(l.offset(), {});
  for (size_t k = 0; k < i.size(); ++k) p += i[k] * evaluate(l.stride(k), {});
  return p;
}

// result must have the given shape, and its element i must be original's element map(i).
template <typename Map>
void expectView(const Lmad& original, const Lmad& result, const std::vector<int64_t>& shape,
                Map map) {
  ASSERT_EQ(constantShape(result), shape) << original.toString() << " → " << result.toString();
  for (const Index& i : allIndices(shape)) {
    ASSERT_EQ(at(result, i), at(original, map(i))) << original.toString() << " → "
                                                   << result.toString();
  }
}

TEST(LmadProperty, IndexMatchesTheDefinition) {
  Random r(1);
  for (int n = 0; n < kCases; ++n) {
    Lmad l = r.lmad();
    for (const Index& i : allIndices(constantShape(l))) {
      ASSERT_EQ(cpp_int(*asIntConst(l.index(constants(i)))), at(l, i)) << l.toString();
    }
  }
}

TEST(LmadProperty, SliceAndFixSelectElements) {
  Random r(2);
  for (int n = 0; n < kCases; ++n) {
    Lmad l = r.lmad();
    size_t axis = r.below(l.rank());
    std::vector<int64_t> shape = constantShape(l);
    int64_t size = shape[axis], start = r.between(0, size), count = r.between(0, size - start);
    std::vector<int64_t> sliced = shape;
    sliced[axis] = count;
    expectView(l, l.slice(axis, c(start), c(count)), sliced, [&](Index i) {
      i[axis] += start;
      return i;
    });
    if (size == 0) continue;
    int64_t fixed = r.between(0, size - 1);
    std::vector<int64_t> rest = shape;
    rest.erase(rest.begin() + static_cast<std::ptrdiff_t>(axis));
    expectView(l, l.fix(axis, c(fixed)), rest, [&](Index i) {
      i.insert(i.begin() + static_cast<std::ptrdiff_t>(axis), fixed);
      return i;
    });
  }
}

TEST(LmadProperty, PermuteAndAplTransposeMoveAxes) {
  Random r(3);
  for (int n = 0; n < kCases; ++n) {
    Lmad l = r.lmad();
    std::vector<size_t> p = r.permutation(l.rank());
    std::vector<int64_t> shape = constantShape(l), permuted(shape.size()), transposed(shape.size());
    for (size_t k = 0; k < p.size(); ++k) {
      permuted[k] = shape[p[k]];    // result axis k is old axis p[k]
      transposed[p[k]] = shape[k];  // old axis k is result axis p[k]
    }
    expectView(l, l.permute(p), permuted, [&](const Index& i) {
      Index j(i.size());
      for (size_t k = 0; k < p.size(); ++k) j[p[k]] = i[k];
      return j;
    });
    expectView(l, l.transposeApl(p), transposed, [&](const Index& i) {
      Index j(i.size());
      for (size_t k = 0; k < p.size(); ++k) j[k] = i[p[k]];
      return j;
    });
  }
}

TEST(LmadProperty, ReverseReadsAnAxisBackwards) {
  Random r(4);
  for (int n = 0; n < kCases; ++n) {
    Lmad l = r.lmad();
    size_t axis = r.below(l.rank());
    std::vector<int64_t> shape = constantShape(l);
    expectView(l, l.reverse(axis), shape, [&](Index i) {
      i[axis] = shape[axis] - 1 - i[axis];
      return i;
    });
  }
}

TEST(LmadProperty, ExpandedThreadsNeverOverlap) {
  Random r(5);
  int fitting = 0;
  for (int n = 0; n < kCases; ++n) {
    Lmad l = r.lmad();
    std::vector<cpp_int> local = positions(l);
    bool fits = !local.empty() && *std::min_element(local.begin(), local.end()) >= 0;
    int64_t size = fits ? static_cast<int64_t>(*std::max_element(local.begin(), local.end())) + 1 +
                              r.between(0, 2)
                        : r.between(1, 8);
    fitting += fits;
    int64_t threads = r.between(1, 4);
    for (Layout layout : {Layout::Contiguous, Layout::Interleaved}) {
      std::vector<std::vector<cpp_int>> parts;
      std::vector<Lmad> expanded;
      for (int64_t t = 0; t < threads; ++t) {
        expanded.push_back(l.expand(c(t), c(threads), c(size), layout));
        parts.push_back(positions(expanded.back()));
        ASSERT_EQ(parts.back().size(), local.size());
        for (size_t k = 0; k < local.size(); ++k) {
          cpp_int expected = layout == Layout::Contiguous ? cpp_int(t * size + local[k])
                                                          : cpp_int(threads * local[k] + t);
          ASSERT_EQ(parts.back()[k], expected) << expanded.back().toString();
          if (fits) {
            EXPECT_TRUE(parts.back()[k] >= 0 && parts.back()[k] < threads * size);
          }
        }
      }
      // Interleaved copies never overlap (positions ≡ t mod T); contiguous ones when each fits
      // in its part. Both are proved, not only true.
      if (layout == Layout::Contiguous && !fits) continue;
      for (size_t t = 0; t < parts.size(); ++t) {
        for (size_t u = t + 1; u < parts.size(); ++u) {
          ASSERT_FALSE(intersects(parts[t], parts[u])) << expanded[t].toString();
          EXPECT_TRUE(provablyDisjoint(expanded[t], expanded[u]))
              << expanded[t].toString() << " / " << expanded[u].toString();
        }
      }
    }
  }
  EXPECT_GT(fitting, kCases / 2);
}

// An LMAD that reshape must accept: row-major (perhaps with rows dropped) or row-major up to a
// factor; or, one time in three, any random LMAD.
Lmad reshapeCandidate(Random& r, bool& structured) {
  structured = !r.chance(33);
  if (!structured) return r.lmad();
  std::vector<int64_t> shape = r.shape(1, 3, 0);
  Lmad base = Lmad::rowMajor(c(r.between(0, 20)), constants(shape));
  if (r.chance(50)) {
    int64_t start = r.between(0, shape[0]);
    return base.slice(0, c(start), c(r.between(0, shape[0] - start)));
  }
  int64_t factor = std::vector<int64_t>{-2, -1, 2, 3}[r.below(4)];
  std::vector<LmadDim> dims = base.dims();
  for (LmadDim& d : dims) d.stride = c(*asIntConst(d.stride) * factor);
  return Lmad(base.offset(), dims);
}

TEST(LmadProperty, ReshapeKeepsTheRowMajorOrder) {
  Random r(6);
  int accepted = 0;
  for (int n = 0; n < kCases; ++n) {
    bool structured = false;
    Lmad l = reshapeCandidate(r, structured);
    std::vector<int64_t> newShape = r.shape(0, 3, 0);
    std::vector<cpp_int> before = positions(l);
    int64_t newCount = 1;
    for (int64_t k : newShape) newCount *= k;
    auto reshaped = l.reshape(constants(newShape));
    if (structured && newCount <= static_cast<int64_t>(before.size())) {
      EXPECT_TRUE(reshaped) << l.toString() << " to " << newShape.size() << " axes";
    }
    if (!reshaped) continue;
    ++accepted;
    std::vector<cpp_int> after = positions(*reshaped);
    ASSERT_LE(after.size(), before.size()) << l.toString() << " → " << reshaped->toString();
    before.resize(after.size());
    ASSERT_EQ(after, before) << l.toString() << " → " << reshaped->toString();
  }
  std::cout << "[ reshape  ] " << accepted << " of " << kCases << " reshapes were views\n";
  EXPECT_GT(accepted, kCases / 3);
}

TEST(LmadProperty, InjectivityIsExactForConstants) {
  Random r(7);
  int injective = 0;
  for (int n = 0; n < kCases; ++n) {
    Lmad l = r.lmad();
    bool expected = !hasDuplicates(positions(l));
    ASSERT_EQ(l.isInjective(), expected) << l.toString();
    injective += expected;
  }
  std::cout << "[ injective] " << injective << " of " << kCases << " random LMADs\n";
  EXPECT_GT(injective, kCases / 4);
  EXPECT_LT(injective, kCases * 9 / 10);
}

// A view of a common base array: one to three slices, reverses and transposes.
Lmad randomView(Random& r, Lmad v) {
  for (int64_t steps = r.between(1, 3); steps > 0; --steps) {
    size_t axis = r.below(v.rank());
    int64_t size = *asIntConst(v.size(axis));
    switch (r.between(0, 3)) {
      case 0:
      case 1: {  // mostly non-empty slices
        if (size == 0) break;
        int64_t start = r.between(0, size - 1);
        v = v.slice(axis, c(start), c(r.between(r.chance(5) ? 0 : 1, size - start)));
        break;
      }
      case 2: v = v.reverse(axis); break;
      default: v = v.permute(r.permutation(v.rank())); break;
    }
  }
  return v;
}

// How often each test proves a pair disjoint, over the pairs that are disjoint and non-empty.
struct Tally {
  int disjoint = 0;
  std::map<DisjointBy, int> provedBy;

  void add(const Lmad& a, const Lmad& b, DisjointBy how) {
    std::vector<cpp_int> pa = positions(a), pb = positions(b);
    bool overlap = intersects(pa, pb);
    ASSERT_FALSE(how != DisjointBy::Unknown && overlap) << a.toString() << " / " << b.toString();
    if (overlap || pa.empty() || pb.empty()) return;
    ++disjoint;
    ++provedBy[how];
  }
  double fraction(bool withSearch) const {
    int proved = disjoint - count(DisjointBy::Unknown);
    if (!withSearch) proved -= count(DisjointBy::LatticeSearch);
    return disjoint ? double(proved) / disjoint : 0;
  }
  int count(DisjointBy how) const {
    auto it = provedBy.find(how);
    return it == provedBy.end() ? 0 : it->second;
  }
  void print(const char* what) const {
    std::cout << "[ disjoint ] " << what << ": " << disjoint << " disjoint non-empty pairs, "
              << fraction(true) * 100 << "% proved (" << fraction(false) * 100
              << "% without the search):";
    for (const auto& [how, n] : provedBy) {
      std::cout << " " << aplc::memory::toString(how) << " " << n;
    }
    std::cout << "\n";
  }
};

TEST(LmadProperty, DisjointnessIsSoundAndUseful) {
  Random r(8);
  Tally random, views, split;
  for (int n = 0; n < kCases; ++n) {
    Lmad a = r.lmad(), b = r.lmad();
    random.add(a, b, disjointness(a, b));
    Lmad base = Lmad::rowMajor(c(r.between(0, 20)), constants(r.shape(1, 3, 1)));
    Lmad u = randomView(r, base), v = randomView(r, base);
    views.add(u, v, disjointness(u, v));
    // The two sides of a take/drop split of the base, each viewed further.
    size_t axis = r.below(base.rank());
    int64_t size = *asIntConst(base.size(axis)), k = size < 2 ? 0 : r.between(1, size - 1);
    Lmad first = randomView(r, base.slice(axis, c(0), c(k)));
    Lmad second = randomView(r, base.slice(axis, c(k), c(size - k)));
    split.add(first, second, disjointness(first, second));
  }
  random.print("random pairs");
  views.print("views of one array");
  split.print("views of the two sides of a split");
  // Measured (seed 8): the search decides every constant pair. The structural tests alone
  // (intervals, congruence, nesting: all that a symbolic LMAD gets) prove 89% of the disjoint
  // random pairs, 99% of the views and 97% of the split views.
  for (const Tally* t : {&random, &views, &split}) EXPECT_EQ(t->fraction(true), 1.0);
  EXPECT_GE(random.fraction(false), 0.85);
  EXPECT_GE(views.fraction(false), 0.95);
  EXPECT_GE(split.fraction(false), 0.93);
}

// ---------------------------------------------------------------------------------------------
// Symbolic LMADs: fields a + b·x with x ∈ [0, 3); every claim must hold for x = 0, 1, 2.
// ---------------------------------------------------------------------------------------------

struct SymbolicCase {
  Var xv = intVariable("x", 1);
  Expr x = var(xv);
  Facts facts;
  std::vector<Env> envs;

  SymbolicCase() {
    facts.bind(xv.name, {c(0), c(3)});
    for (int64_t v = 0; v < 3; ++v) envs.push_back({{xv.name, v}});
  }

  Expr affine(Random& r, int64_t lo, int64_t hi, int64_t blo, int64_t bhi) {
    return c(r.between(lo, hi)) + c(r.between(blo, bhi)) * x;
  }
  Lmad lmad(Random& r) {
    std::vector<LmadDim> dims(static_cast<size_t>(r.between(1, 3)));
    for (LmadDim& d : dims) d = {affine(r, 0, 3, 0, 1), affine(r, -4, 4, -2, 2)};
    return Lmad(affine(r, 0, 12, -2, 3), dims);
  }
  // The smallest value of e over the environments.
  int64_t least(const Expr& e) {
    cpp_int m = evaluate(e, envs[0]);
    for (const Env& env : envs) m = std::min(m, evaluate(e, env));
    return static_cast<int64_t>(m);
  }
  bool disjointForAll(const Lmad& a, const Lmad& b) {
    for (const Env& env : envs) {
      if (intersects(positions(a, env), positions(b, env))) return false;
    }
    return true;
  }
};

TEST(LmadProperty, SymbolicProofsAreSound) {
  Random r(9);
  SymbolicCase s;
  int disjoint = 0, proved = 0;
  for (int n = 0; n < kCases; ++n) {
    Lmad a = s.lmad(r), b = s.lmad(r);
    checkAgainstEnumeration(a, b, s.facts, s.envs);
    if (s.disjointForAll(a, b)) {
      ++disjoint;
      proved += provablyDisjoint(a, b, s.facts);
    }
  }
  std::cout << "[ symbolic ] random pairs: " << proved << " of " << disjoint
            << " disjoint pairs proved\n";
  EXPECT_GE(proved, disjoint * 7 / 10);  // measured: 1439 of 1863 (77%)
}

// Views of a symbolic array (shape a + b·x), split along one axis at a constant k the way take
// and drop (and catenation) split it, then maybe reversed or transposed.
TEST(LmadProperty, SymbolicViewsSplitAtAnAxis) {
  Random r(10);
  SymbolicCase s;
  int disjoint = 0, proved = 0;
  for (int n = 0; n < kCases; ++n) {
    std::vector<Expr> shape(static_cast<size_t>(r.between(1, 3)));
    for (Expr& e : shape) e = s.affine(r, 1, 3, 0, 1);
    Lmad base = Lmad::rowMajor(s.affine(r, 0, 12, 0, 3), shape);
    size_t axis = r.below(base.rank());
    int64_t k = r.between(0, s.least(base.size(axis)));
    Lmad first = base.slice(axis, c(0), c(k));
    Lmad rest = base.slice(axis, c(k), base.size(axis) - c(k));
    if (r.chance(30)) first = first.reverse(r.below(first.rank()));
    if (r.chance(30)) rest = rest.permute(r.permutation(rest.rank()));
    checkAgainstEnumeration(first, rest, s.facts, s.envs);
    ASSERT_TRUE(s.disjointForAll(first, rest));
    ++disjoint;
    proved += provablyDisjoint(first, rest, s.facts);
    // And each piece reshaped, when allowed, reads its elements in row-major order.
    auto flat = rest.reshape({rest.elementCount()}, s.facts);
    if (flat) {
      for (const Env& env : s.envs) ASSERT_EQ(positions(*flat, env), positions(rest, env));
    }
  }
  std::cout << "[ symbolic ] split views: " << proved << " of " << disjoint << " proved\n";
  EXPECT_EQ(proved, disjoint);
}

TEST(LmadProperty, SymbolicAlgebraMatchesEnumeration) {
  Random r(11);
  SymbolicCase s;
  for (int n = 0; n < kCases; ++n) {
    Lmad l = s.lmad(r);
    size_t axis = r.below(l.rank());
    std::vector<size_t> p = r.permutation(l.rank());
    Lmad reversed = l.reverse(axis), permuted = l.permute(p);
    Expr threads = c(r.between(1, 3));
    for (const Env& env : s.envs) {
      std::vector<cpp_int> base = positions(l, env), rev = positions(reversed, env);
      std::sort(base.begin(), base.end());
      std::sort(rev.begin(), rev.end());
      ASSERT_EQ(rev, base) << l.toString() << " → " << reversed.toString();
      std::vector<cpp_int> perm = positions(permuted, env);
      std::sort(perm.begin(), perm.end());
      ASSERT_EQ(perm, base) << l.toString() << " → " << permuted.toString();
    }
    // Threads of an interleaved expansion never overlap, whatever x is; that is proved.
    Lmad t0 = l.expand(c(0), threads, c(13), Layout::Interleaved);
    Lmad t1 = l.expand(threads - c(1), threads, c(13), Layout::Interleaved);
    if (*asIntConst(threads) > 1) {
      EXPECT_TRUE(provablyDisjoint(t0, t1, s.facts)) << t0.toString() << " / " << t1.toString();
    }
    checkAgainstEnumeration(t0, t1, s.facts, s.envs);
  }
}

}  // namespace
}  // namespace aplc_test
