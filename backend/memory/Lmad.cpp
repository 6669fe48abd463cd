// Lmad: the LMAD algebra and its proofs (see Lmad.h and backend/memory/README.md).
//
// Every computation goes through Sum, an exact combination constant + Σ coefficient·atom with
// cpp_int constants and coefficients: constants never pass through Laila's int64 folding, which
// wraps. An expression reaches the simplifier only when no constant it could fold can overflow
// (see foldsSafely); otherwise the field stays unsimplified, or the proof answers "not proved".
#include "backend/memory/Lmad.h"

#include <algorithm>
#include <boost/multiprecision/cpp_int.hpp>
#include <cstdint>
#include <limits>
#include <map>
#include <utility>

#include "laila/ir/Ops.h"
#include "laila/ir/Equality.h"
#include "laila/ir/Print.h"
#include "support/Diagnostics.h"

namespace aplc::memory {

using boost::multiprecision::cpp_int;
using laila::Binary;
using laila::BinaryOp;
using laila::Expr;
using laila::Facts;

namespace {

// Thrown inside a computation that cannot go on exactly (a constant that an int64 expression
// cannot hold, a search past its budget). Proofs turn it into "not proved"; operations on an
// LMAD into an InternalError.
struct NotExact {};

// ---------------------------------------------------------------------------------------------
// Exact integers
// ---------------------------------------------------------------------------------------------

bool fitsInt64(const cpp_int& v) {
  return v >= std::numeric_limits<int64_t>::min() && v <= std::numeric_limits<int64_t>::max();
}

cpp_int absolute(const cpp_int& v) { return v < 0 ? cpp_int(-v) : v; }

cpp_int gcd(cpp_int a, cpp_int b) {
  a = absolute(a);
  b = absolute(b);
  while (b != 0) {
    cpp_int r = a % b;
    a = std::move(b);
    b = std::move(r);
  }
  return a;
}

// Floor and ceiling of a / b for b > 0 (cpp_int's / truncates towards zero).
cpp_int floorDiv(const cpp_int& a, const cpp_int& b) {
  cpp_int q = a / b;
  return (a % b != 0 && a < 0) ? cpp_int(q - 1) : q;
}
cpp_int ceilDiv(const cpp_int& a, const cpp_int& b) { return -floorDiv(-a, b); }

// The simplifier folds constants with wrapping int64 arithmetic (laila/ir/Ops.h); it is only
// given expressions whose folded constants provably stay below this bound.
const cpp_int kFoldLimit = cpp_int(1) << 62;

// An upper bound of every constant the simplifier can fold out of e: the value of e with every
// constant replaced by its absolute value and every other atom by 1 (no coefficient of the
// expanded polynomial, nor of a sub-polynomial, exceeds it). Saturates just above kFoldLimit.
cpp_int magnitude(const Expr& e) {
  const cpp_int huge = kFoldLimit + 1;
  auto cap = [&](const cpp_int& v) { return v > huge ? huge : v; };
  if (auto c = laila::asIntConst(e)) return absolute(*c);
  switch (e.kind()) {
    case laila::ExprKind::Variable:
    case laila::ExprKind::BoolImm:
    case laila::ExprKind::DoubleImm: return 1;
    case laila::ExprKind::Unary: {
      auto* u = e.as<laila::Unary>();
      bool keeps = u->op == laila::UnaryOp::Neg || u->op == laila::UnaryOp::Abs ||
                   u->op == laila::UnaryOp::Sign || u->op == laila::UnaryOp::B2I;
      return keeps ? magnitude(u->a) : huge;  // double → int conversions may fold to anything
    }
    case laila::ExprKind::Binary: {
      auto* b = e.as<Binary>();
      cpp_int x = magnitude(b->a), y = magnitude(b->b);
      switch (b->op) {
        case BinaryOp::Add: case BinaryOp::Sub: case BinaryOp::Min: case BinaryOp::Max:
        case BinaryOp::Eq: case BinaryOp::Ne: case BinaryOp::Lt: case BinaryOp::Le:
        case BinaryOp::Gt: case BinaryOp::Ge: case BinaryOp::And: case BinaryOp::Or:
          return cap(x + y);
        case BinaryOp::Mul: case BinaryOp::Div: case BinaryOp::Mod: return cap(x * y + x + y);
        default: return huge;
      }
    }
    case laila::ExprKind::Select: {
      auto* s = e.as<laila::Select>();
      return cap(magnitude(s->cond) + magnitude(s->ifTrue) + magnitude(s->ifFalse));
    }
    case laila::ExprKind::Load: return cap(magnitude(e.as<laila::Load>()->index) + 1);
    case laila::ExprKind::Call: {
      cpp_int sum = 1;
      for (const Expr& a : e.as<laila::Call>()->args) sum = cap(sum + magnitude(a));
      return sum;
    }
    default: return huge;
  }
}

bool foldsSafely(const Expr& e) { return magnitude(e) <= kFoldLimit; }

// ---------------------------------------------------------------------------------------------
// Sum: constant + Σ coefficient·atom
// ---------------------------------------------------------------------------------------------

struct Sum {
  cpp_int constant;
  std::vector<std::pair<cpp_int, Expr>> terms;  // no zero coefficient, no two equal atoms

  bool isConstant() const { return terms.empty(); }
};

Sum constantSum(const cpp_int& c) {
  Sum s;
  s.constant = c;
  return s;
}

void addTerm(Sum& s, const cpp_int& coefficient, const Expr& atom) {
  if (coefficient == 0) return;
  for (auto it = s.terms.begin(); it != s.terms.end(); ++it) {
    if (laila::equal(it->second, atom)) {
      it->first += coefficient;
      if (it->first == 0) s.terms.erase(it);
      return;
    }
  }
  s.terms.emplace_back(coefficient, atom);
}

Sum scaled(const Sum& s, const cpp_int& k) {
  Sum r = constantSum(s.constant * k);
  for (const auto& [c, atom] : s.terms) addTerm(r, c * k, atom);
  return r;
}

Sum operator+(Sum a, const Sum& b) {
  a.constant += b.constant;
  for (const auto& [c, atom] : b.terms) addTerm(a, c, atom);
  return a;
}
Sum operator-(const Sum& a) { return scaled(a, -1); }
Sum operator-(const Sum& a, const Sum& b) { return a + scaled(b, -1); }
Sum operator-(const Sum& a, int k) { return a - constantSum(k); }
Sum operator-(int k, const Sum& a) { return constantSum(k) - a; }

// An int expression as a Sum: +, −, unary − and products with a constant are taken apart (read
// as mathematical integers); anything else is an atom.
Sum sumOf(const Expr& e) {
  if (auto c = laila::asIntConst(e)) return constantSum(*c);
  if (auto* b = e.as<Binary>()) {
    if (b->op == BinaryOp::Add) return sumOf(b->a) + sumOf(b->b);
    if (b->op == BinaryOp::Sub) return sumOf(b->a) - sumOf(b->b);
    if (b->op == BinaryOp::Mul) {
      Sum x = sumOf(b->a), y = sumOf(b->b);
      if (x.isConstant()) return scaled(y, x.constant);
      if (y.isConstant()) return scaled(x, y.constant);
    }
  }
  if (auto* u = e.as<laila::Unary>(); u && u->op == laila::UnaryOp::Neg) return -sumOf(u->a);
  Sum s;
  addTerm(s, 1, e);
  return s;
}

// The Sum as an expression, built without folding (so nothing wraps on the way).
Expr constantExpr(const cpp_int& v) {
  if (!fitsInt64(v)) throw NotExact{};
  return laila::intConst(static_cast<int64_t>(v));
}

Expr rawExpr(const Sum& s) {
  Expr acc;
  for (const auto& [c, atom] : s.terms) {
    Expr term = c == 1 ? atom : Binary::make(BinaryOp::Mul, atom, constantExpr(c));
    acc = acc.defined() ? Binary::make(BinaryOp::Add, acc, term) : term;
  }
  if (!acc.defined()) return constantExpr(s.constant);
  return s.constant == 0 ? acc : Binary::make(BinaryOp::Add, acc, constantExpr(s.constant));
}

Sum times(const Sum& a, const Sum& b) {
  if (a.isConstant()) return scaled(b, a.constant);
  if (b.isConstant()) return scaled(a, b.constant);
  Sum r;
  addTerm(r, 1, Binary::make(BinaryOp::Mul, rawExpr(a), rawExpr(b)));
  return r;
}

// The Sum with its atoms simplified together, so that equal polynomials written differently
// (m*T and T*m, (a+b)*c and a*c + b*c) cancel. Unchanged when the simplifier could wrap.
Sum settled(const Sum& s) {
  if (s.isConstant()) return s;
  Sum atoms = s;
  atoms.constant = 0;
  Expr e;
  try {
    e = rawExpr(atoms);
  } catch (const NotExact&) {
    return s;
  }
  if (!foldsSafely(e)) return s;
  Sum r = sumOf(laila::simplify(e));
  r.constant += s.constant;
  return r;
}

// An LMAD field from a Sum: constants must fit int64 (no array in memory has a position beyond
// it), symbolic sums are put in the simplifier's canonical form when that cannot wrap.
Expr field(const Sum& s) {
  if (s.isConstant()) return constantExpr(s.constant);
  Expr e = rawExpr(s);
  return foldsSafely(e) ? laila::simplify(e) : e;
}

// ---------------------------------------------------------------------------------------------
// Proofs on Sums
// ---------------------------------------------------------------------------------------------

// Whether s ≥ 0 for every value of the variables that the facts allow.
bool provedNonNegative(const Sum& s, const Facts& facts) {
  Sum t = settled(s);
  if (t.isConstant()) return t.constant >= 0;
  // Σ + c ≥ 0 follows from Σ + c' ≥ 0 for c' ≤ c: a constant too large for int64 is lowered.
  if (t.constant > kFoldLimit) t.constant = kFoldLimit;
  try {
    Expr e = rawExpr(t);
    return foldsSafely(e) && laila::proveNonNegative(e, facts);
  } catch (const NotExact&) {
    return false;
  }
}

bool provedLess(const Sum& a, const Sum& b, const Facts& facts) {
  return provedNonNegative(b - a - 1, facts);
}

bool provedEqual(const Sum& a, const Sum& b) {
  Sum d = settled(a - b);
  return d.isConstant() && d.constant == 0;
}

std::optional<cpp_int> constantOf(const Sum& s) {
  Sum t = settled(s);
  if (!t.isConstant()) return std::nullopt;
  return t.constant;
}

// ---------------------------------------------------------------------------------------------
// Exact search: does Σ z_k·c_k = target have a solution with lo_k ≤ z_k ≤ hi_k (all c_k > 0)?
// ---------------------------------------------------------------------------------------------

struct Unknown {
  cpp_int coefficient;
  cpp_int lo, hi;
};

// Branch and bound from the largest coefficient down: z_k can only take the values that leave a
// remainder the smaller coefficients can still reach ([Σ lo·c, Σ hi·c] of the rest), and the
// remainder must be a multiple of their gcd. Exact; throws NotExact past the budget.
class LatticeSearch {
 public:
  explicit LatticeSearch(std::vector<Unknown> unknowns) : unknowns_(std::move(unknowns)) {
    std::sort(unknowns_.begin(), unknowns_.end(),
              [](const Unknown& a, const Unknown& b) { return a.coefficient > b.coefficient; });
    size_t n = unknowns_.size();
    restMin_.assign(n + 1, 0);
    restMax_.assign(n + 1, 0);
    restGcd_.assign(n + 1, 0);
    for (size_t k = n; k-- > 0;) {
      const Unknown& u = unknowns_[k];
      restMin_[k] = restMin_[k + 1] + u.lo * u.coefficient;
      restMax_[k] = restMax_[k + 1] + u.hi * u.coefficient;
      restGcd_[k] = gcd(restGcd_[k + 1], u.coefficient);
    }
  }

  bool solvable(const cpp_int& target) {
    budget_ = kBudget;
    return from(0, target);
  }

 private:
  static constexpr long kBudget = 20000;

  bool from(size_t k, const cpp_int& target) {
    if (target < restMin_[k] || target > restMax_[k]) return false;
    if (k == unknowns_.size()) return target == 0;
    if (target % restGcd_[k] != 0) return false;
    const Unknown& u = unknowns_[k];
    cpp_int lo = std::max(u.lo, ceilDiv(target - restMax_[k + 1], u.coefficient));
    cpp_int hi = std::min(u.hi, floorDiv(target - restMin_[k + 1], u.coefficient));
    for (cpp_int z = lo; z <= hi; ++z) {
      if (--budget_ < 0) throw NotExact{};
      if (from(k + 1, target - z * u.coefficient)) return true;
    }
    return false;
  }

  std::vector<Unknown> unknowns_;
  std::vector<cpp_int> restMin_, restMax_, restGcd_;
  long budget_ = 0;
};

// ---------------------------------------------------------------------------------------------
// Normal form for disjointness: the same set of positions (or a superset), simpler axes
// ---------------------------------------------------------------------------------------------

struct Axis {
  Sum size;
  Sum stride;
  bool nonNegative;  // stride ≥ 0 is proved
};

struct Normal {
  Sum offset;
  std::vector<Axis> axes;
  bool empty = false;  // provably no position at all
};

// Axes of size 1 and of stride 0 go (they add no position; a stride-0 axis of size ≤ 0 would
// make the set empty, so dropping it gives a superset, which is sound for disjointness); an axis
// of non-positive stride is read backwards, so its stride becomes ≥ 0. When an LMAD has any
// size ≤ 0 it has no position, and every claim of disjointness holds: so the arithmetic below
// may assume every size ≥ 1.
Normal normalize(const Lmad& l, const Facts& facts) {
  Normal r;
  r.offset = sumOf(l.offset());
  for (const LmadDim& d : l.dims()) {
    Sum n = sumOf(d.size), s = sumOf(d.stride);
    if (provedNonNegative(-n, facts)) {
      r.empty = true;
      return r;
    }
    if (constantOf(n) == 1 || constantOf(s) == 0) continue;
    if (provedNonNegative(s, facts)) {
      r.axes.push_back({n, s, true});
    } else if (provedNonNegative(-s, facts)) {
      r.offset = r.offset + times(n - 1, s);
      r.axes.push_back({n, -s, true});
    } else {
      r.axes.push_back({n, s, false});
    }
  }
  return r;
}

struct Bounds {
  Sum lo, hi;
};

// [min, max] of the positions (every size ≥ 1, strides ≥ 0); empty when a stride's sign is unknown.
std::optional<Bounds> bounds(const Normal& l) {
  Bounds b{l.offset, l.offset};
  for (const Axis& a : l.axes) {
    if (!a.nonNegative) return std::nullopt;
    b.hi = b.hi + times(a.size - 1, a.stride);
  }
  return b;
}

bool intervalsDisjoint(const Normal& a, const Normal& b, const Facts& facts) {
  auto ba = bounds(a), bb = bounds(b);
  if (!ba || !bb) return false;
  return provedLess(ba->hi, bb->lo, facts) || provedLess(bb->hi, ba->lo, facts);
}

// The largest g that divides s whatever its atoms are (atoms are integers): the gcd of its
// constant and its coefficients (0 when s is 0).
cpp_int content(const Sum& s) {
  cpp_int g = s.constant;
  for (const auto& [coefficient, atom] : s.terms) g = gcd(g, coefficient);
  return absolute(g);
}

// Every position of a is offset_a + a multiple of g, where g divides every stride of both (the
// gcd of their contents: 3·x and 6 give 3; sizes do not matter); likewise b. If the offsets
// differ by something ≢ 0 (mod g), e.g. by a constant that g does not divide, no position is
// shared. (g = 0: all strides are 0, both are single points.)
bool congruenceDisjoint(const Normal& a, const Normal& b) {
  cpp_int g = 0;
  for (const Normal* l : {&a, &b}) {
    for (const Axis& axis : l->axes) g = gcd(g, content(settled(axis.stride)));
  }
  Sum delta = settled(b.offset - a.offset);
  if (g == 0) return delta.isConstant() && delta.constant != 0;
  for (const auto& [coefficient, atom] : delta.terms) {
    if (coefficient % g != 0) return false;  // that term may take any residue
  }
  return delta.constant % g != 0;
}

// l without its axes of stride d.
Normal withoutStride(const Normal& l, const Sum& d) {
  Normal r;
  r.offset = l.offset;
  for (const Axis& axis : l.axes) {
    if (!provedEqual(axis.stride, d)) r.axes.push_back(axis);
  }
  return r;
}

DisjointBy structurally(const Normal& a, const Normal& b, const Facts& facts);

// Nesting: take a stride D that axes of a and/or b have, and let a', b' be a and b without those
// axes. Every position of a is x + I·D with x a position of a' (I the sum of the peeled indices),
// every position of b is y + J·D with y in b'. If max(a') − min(b') ≤ D−1 and max(b') − min(a')
// ≤ D−1 (so D ≥ 1 when both are non-empty), then x + I·D = y + J·D forces |J−I|·D = |x−y| ≤ D−1,
// so I = J and x = y: a and b are disjoint if a' and b' are. Catenation along the last axis
// (columns [0,k) and [k,k+m) of rows of length k+m) and interleaved memory expansion
// (thread t's positions ≡ t mod T) are proved this way, with symbolic sizes.
bool nestingDisjoint(const Normal& a, const Normal& b, const Facts& facts) {
  std::vector<Sum> strides;
  for (const Normal* l : {&a, &b}) {
    for (const Axis& axis : l->axes) strides.push_back(axis.stride);
  }
  for (const Sum& d : strides) {
    Normal ra = withoutStride(a, d), rb = withoutStride(b, d);
    auto ba = bounds(ra), bb = bounds(rb);
    if (!ba || !bb) continue;
    Sum reach = d - 1;
    if (!provedNonNegative(reach - (ba->hi - bb->lo), facts) ||
        !provedNonNegative(reach - (bb->hi - ba->lo), facts)) {
      continue;
    }
    // With the window proved, a and b intersect exactly when a' and b' do: no other D helps.
    return structurally(ra, rb, facts) != DisjointBy::Unknown;
  }
  return false;
}

DisjointBy structurally(const Normal& a, const Normal& b, const Facts& facts) {
  if (intervalsDisjoint(a, b, facts)) return DisjointBy::Intervals;
  if (congruenceDisjoint(a, b)) return DisjointBy::Congruence;
  if (nestingDisjoint(a, b, facts)) return DisjointBy::Nesting;
  return DisjointBy::Unknown;
}

// Constant sizes and strides, constant offset difference: a and b share a position exactly when
// Σ i_k·s_k − Σ j_l·t_l = offset_b − offset_a has a solution with 0 ≤ i_k < n_k, 0 ≤ j_l < m_l.
// Axes of equal stride merge into one unknown (the sum of two ranged integers covers exactly the
// sum of the ranges).
bool latticeDisjoint(const Normal& a, const Normal& b) {
  auto delta = constantOf(b.offset - a.offset);
  if (!delta) return false;
  std::map<cpp_int, std::pair<cpp_int, cpp_int>> byStride;
  for (const Normal* l : {&a, &b}) {
    for (const Axis& axis : l->axes) {
      auto n = constantOf(axis.size), s = constantOf(axis.stride);
      if (!n || !s || !axis.nonNegative) return false;
      if (*s == 0) continue;  // adds no position
      // z = i_k − j_l: a's indices count up from 0, b's count down to 0.
      auto& [lo, hi] = byStride[*s];
      if (l == &a) {
        hi += *n - 1;
      } else {
        lo -= *n - 1;
      }
    }
  }
  std::vector<Unknown> unknowns;
  for (const auto& [s, range] : byStride) unknowns.push_back({s, range.first, range.second});
  return !LatticeSearch(std::move(unknowns)).solvable(*delta);
}

// ---------------------------------------------------------------------------------------------
// Injectivity
// ---------------------------------------------------------------------------------------------

struct InjectiveAxis {
  Sum size;    // may exceed 1
  Sum stride;  // |stride| ≥ 1, proved
};

// Nesting: if some axis's stride exceeds the reach Σ (n_j−1)·s_j of all the others, its index
// is determined by the position (a difference of two positions that differ on it is at least
// its stride, and the others cannot make up for it); remove it and repeat.
bool nestedInjective(const std::vector<InjectiveAxis>& axes, const Facts& facts) {
  std::vector<bool> placed(axes.size(), false);
  for (size_t done = 0; done < axes.size(); ++done) {
    bool found = false;
    for (size_t k = 0; k < axes.size() && !found; ++k) {
      if (placed[k]) continue;
      Sum reach;
      for (size_t j = 0; j < axes.size(); ++j) {
        if (j != k && !placed[j]) reach = reach + times(axes[j].size - 1, axes[j].stride);
      }
      if (provedNonNegative(axes[k].stride - 1 - reach, facts)) placed[k] = found = true;
    }
    if (!found) return false;
  }
  return true;
}

// Constant axes: not injective exactly when some nonzero z with |z_k| < n_k has Σ z_k·s_k = 0.
// Up to sign, the first nonzero z_k (in stride order) is positive: one search per k.
bool constantInjective(const std::vector<InjectiveAxis>& axes) {
  std::vector<std::pair<cpp_int, cpp_int>> constant;  // (stride, size), size ≥ 2
  for (const InjectiveAxis& a : axes) {
    auto n = constantOf(a.size), s = constantOf(a.stride);
    if (!n || !s) return false;
    constant.emplace_back(*s, *n);
  }
  std::sort(constant.begin(), constant.end(), std::greater<>());
  for (size_t k = 0; k < constant.size(); ++k) {
    std::vector<Unknown> unknowns{{constant[k].first, 1, constant[k].second - 1}};
    for (size_t j = k + 1; j < constant.size(); ++j) {
      unknowns.push_back({constant[j].first, -(constant[j].second - 1), constant[j].second - 1});
    }
    if (LatticeSearch(std::move(unknowns)).solvable(0)) return false;
  }
  return true;
}

// ---------------------------------------------------------------------------------------------
// Checks
// ---------------------------------------------------------------------------------------------

void requireInt(const Expr& e, const char* what) {
  if (!e.defined() || e.type() != laila::IntType) {
    throw InternalError(std::string("LMAD: the ") + what + " must be an int expression");
  }
}

// Runs an operation's exact arithmetic; a constant beyond int64 is a compiler bug upstream.
template <typename F>
auto exactly(const char* operation, F compute) {
  try {
    return compute();
  } catch (const NotExact&) {
    throw InternalError(std::string("LMAD ") + operation + ": a constant does not fit int64");
  }
}

void checkAxis(size_t axis, size_t rank) {
  if (axis >= rank) {
    throw InternalError("LMAD: axis " + std::to_string(axis) + " of a rank " +
                        std::to_string(rank) + " LMAD");
  }
}

std::vector<size_t> checkedPermutation(const std::vector<size_t>& p, size_t rank) {
  if (p.size() != rank) throw InternalError("LMAD permutation: wrong number of axes");
  std::vector<bool> seen(rank, false);
  for (size_t axis : p) {
    if (axis >= rank || seen[axis]) throw InternalError("LMAD permutation: not a permutation");
    seen[axis] = true;
  }
  return p;
}

}  // namespace

const char* toString(DisjointBy how) {
  switch (how) {
    case DisjointBy::Unknown: return "unknown";
    case DisjointBy::Empty: return "empty";
    case DisjointBy::Intervals: return "intervals";
    case DisjointBy::Congruence: return "congruence";
    case DisjointBy::Nesting: return "nesting";
    case DisjointBy::LatticeSearch: return "lattice search";
  }
  return "?";
}

// ---------------------------------------------------------------------------------------------
// Lmad
// ---------------------------------------------------------------------------------------------

Lmad::Lmad(Expr offset, std::vector<LmadDim> dims)
    : offset_(std::move(offset)), dims_(std::move(dims)) {
  requireInt(offset_, "offset");
  for (const LmadDim& d : dims_) {
    requireInt(d.size, "size");
    requireInt(d.stride, "stride");
  }
}

Lmad Lmad::rowMajor(Expr offset, const std::vector<Expr>& shape) {
  return exactly("rowMajor", [&] {
    std::vector<LmadDim> dims(shape.size());
    Sum stride = constantSum(1);
    for (size_t k = shape.size(); k-- > 0;) {
      requireInt(shape[k], "size");
      dims[k] = {shape[k], field(stride)};
      if (k > 0) stride = times(stride, sumOf(shape[k]));
    }
    return Lmad(std::move(offset), std::move(dims));
  });
}

std::vector<Expr> Lmad::shape() const {
  std::vector<Expr> r;
  for (const LmadDim& d : dims_) r.push_back(d.size);
  return r;
}

std::vector<Expr> Lmad::strides() const {
  std::vector<Expr> r;
  for (const LmadDim& d : dims_) r.push_back(d.stride);
  return r;
}

Expr Lmad::elementCount() const {
  return exactly("elementCount", [&] {
    Sum count = constantSum(1);
    for (const LmadDim& d : dims_) count = times(count, sumOf(d.size));
    return field(count);
  });
}

bool Lmad::isConstant() const {
  if (!laila::asIntConst(offset_)) return false;
  return std::all_of(dims_.begin(), dims_.end(), [](const LmadDim& d) {
    return laila::asIntConst(d.size) && laila::asIntConst(d.stride);
  });
}

Expr Lmad::index(const std::vector<Expr>& indices) const {
  if (indices.size() != rank()) throw InternalError("LMAD index: wrong number of indices");
  return exactly("index", [&] {
    Sum position = sumOf(offset_);
    for (size_t k = 0; k < rank(); ++k) {
      requireInt(indices[k], "index");
      position = position + times(sumOf(indices[k]), sumOf(dims_[k].stride));
    }
    return field(position);
  });
}

Lmad Lmad::slice(size_t axis, const Expr& start, const Expr& count) const {
  checkAxis(axis, rank());
  requireInt(start, "slice start");
  requireInt(count, "slice count");
  auto s = laila::asIntConst(start), c = laila::asIntConst(count);
  auto n = laila::asIntConst(size(axis));
  if ((s && *s < 0) || (c && *c < 0) || (s && c && n && cpp_int(*s) + *c > *n)) {
    throw InternalError("LMAD slice: elements outside the axis");
  }
  return exactly("slice", [&] {
    std::vector<LmadDim> dims = dims_;
    dims[axis].size = count;
    Sum offset = sumOf(offset_) + times(sumOf(start), sumOf(dims[axis].stride));
    return Lmad(field(offset), std::move(dims));
  });
}

Lmad Lmad::fix(size_t axis, const Expr& i) const {
  checkAxis(axis, rank());
  requireInt(i, "index");
  auto k = laila::asIntConst(i), n = laila::asIntConst(size(axis));
  if ((k && *k < 0) || (k && n && *k >= *n)) {
    throw InternalError("LMAD fix: index outside the axis");
  }
  return exactly("fix", [&] {
    std::vector<LmadDim> dims = dims_;
    Sum offset = sumOf(offset_) + times(sumOf(i), sumOf(dims[axis].stride));
    dims.erase(dims.begin() + static_cast<std::ptrdiff_t>(axis));
    return Lmad(field(offset), std::move(dims));
  });
}

Lmad Lmad::permute(const std::vector<size_t>& perm) const {
  checkedPermutation(perm, rank());
  std::vector<LmadDim> dims;
  for (size_t old : perm) dims.push_back(dims_[old]);
  return Lmad(offset_, std::move(dims));
}

Lmad Lmad::transposeApl(const std::vector<size_t>& p) const {
  checkedPermutation(p, rank());
  std::vector<size_t> inverse(p.size());
  for (size_t old = 0; old < p.size(); ++old) inverse[p[old]] = old;
  return permute(inverse);
}

Lmad Lmad::reverse(size_t axis) const {
  checkAxis(axis, rank());
  return exactly("reverse", [&] {
    std::vector<LmadDim> dims = dims_;
    Sum s = sumOf(dims[axis].stride);
    Sum offset = sumOf(offset_) + times(sumOf(dims[axis].size) - 1, s);
    dims[axis].stride = field(-s);
    return Lmad(field(offset), std::move(dims));
  });
}

std::optional<Lmad> Lmad::reshape(const std::vector<Expr>& newShape, const Facts& facts) const {
  for (const Expr& n : newShape) requireInt(n, "size");
  try {
    // c: the stride of the innermost axis that has more than one index (1 if none has).
    Sum c = constantSum(1);
    for (size_t k = rank(); k-- > 0;) {
      if (laila::asIntConst(size(k)) != 1) {
        c = sumOf(stride(k));
        break;
      }
    }
    // Row-major up to the factor c: stride_k = c · Π later sizes, on every axis with more
    // than one index (a size-1 axis's stride is never multiplied by a nonzero index).
    Sum later = constantSum(1);
    for (size_t k = rank(); k-- > 0;) {
      if (laila::asIntConst(size(k)) != 1 && !provedEqual(sumOf(stride(k)), times(c, later))) {
        return std::nullopt;
      }
      later = times(later, sumOf(size(k)));
    }
    // The elements in row-major order are offset + c·j, j = 0 .. count−1; any shape with at
    // most count elements reads a prefix of them.
    Sum newCount = constantSum(1);
    for (const Expr& n : newShape) newCount = times(newCount, sumOf(n));
    if (!provedNonNegative(later - newCount, facts)) return std::nullopt;
    std::vector<LmadDim> dims(newShape.size());
    Sum newStride = c;
    for (size_t k = newShape.size(); k-- > 0;) {
      dims[k] = {newShape[k], field(newStride)};
      if (k > 0) newStride = times(newStride, sumOf(newShape[k]));
    }
    return Lmad(offset_, std::move(dims));
  } catch (const NotExact&) {
    return std::nullopt;
  }
}

Lmad Lmad::expand(const Expr& threadIndex, const Expr& threadCount, const Expr& perThreadSize,
                  Layout layout) const {
  requireInt(threadIndex, "thread index");
  requireInt(threadCount, "thread count");
  requireInt(perThreadSize, "per-thread size");
  return exactly("expand", [&] {
    Sum t = sumOf(threadIndex), offset = sumOf(offset_);
    if (layout == Layout::Contiguous) {
      return Lmad(field(offset + times(t, sumOf(perThreadSize))), dims_);
    }
    // Interleaved: the per-thread array becomes the inner index of a [size][T] array, so the
    // per-thread position L becomes T·L + t (the paper's version forgets to scale the offset).
    Sum count = sumOf(threadCount);
    std::vector<LmadDim> dims = dims_;
    for (LmadDim& d : dims) d.stride = field(times(count, sumOf(d.stride)));
    return Lmad(field(times(count, offset) + t), std::move(dims));
  });
}

bool Lmad::isInjective(const Facts& facts) const {
  try {
    for (const LmadDim& d : dims_) {
      if (provedNonNegative(-sumOf(d.size), facts)) return true;  // no index at all
    }
    std::vector<InjectiveAxis> axes;
    for (const LmadDim& d : dims_) {
      Sum n = sumOf(d.size), s = sumOf(d.stride);
      if (provedNonNegative(1 - n, facts)) continue;        // at most one index on this axis
      if (provedNonNegative(s - 1, facts)) {
        axes.push_back({n, s});
      } else if (provedNonNegative(-s - 1, facts)) {
        axes.push_back({n, -s});                             // read backwards: the same set
      } else {
        return false;  // the stride may be 0, or its sign is unknown
      }
    }
    return nestedInjective(axes, facts) || constantInjective(axes);
  } catch (const NotExact&) {
    return false;
  }
}

std::string Lmad::toString() const {
  std::string s = laila::toString(offset_) + " + {";
  for (size_t k = 0; k < dims_.size(); ++k) {
    if (k > 0) s += " ";
    s += "(" + laila::toString(dims_[k].size) + ":" + laila::toString(dims_[k].stride) + ")";
  }
  return s + "}";
}

// ---------------------------------------------------------------------------------------------
// Disjointness
// ---------------------------------------------------------------------------------------------

DisjointBy disjointness(const Lmad& a, const Lmad& b, const Facts& facts) {
  try {
    Normal na = normalize(a, facts), nb = normalize(b, facts);
    if (na.empty || nb.empty) return DisjointBy::Empty;
    DisjointBy how = structurally(na, nb, facts);
    if (how != DisjointBy::Unknown) return how;
    if (latticeDisjoint(na, nb)) return DisjointBy::LatticeSearch;
  } catch (const NotExact&) {
    // A constant beyond int64 inside a symbolic expression, or a search past its budget.
  }
  return DisjointBy::Unknown;
}

bool provablyDisjoint(const Lmad& a, const Lmad& b, const Facts& facts) {
  return disjointness(a, b, facts) != DisjointBy::Unknown;
}

}  // namespace aplc::memory
