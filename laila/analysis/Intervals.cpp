// Intervals: interval arithmetic over Laila expressions, rule by rule after laila/ir/IR.h's
// semantics. See Intervals.h for what is known and why each rule is sound.
#include "laila/analysis/Intervals.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "laila/ir/Ops.h"
#include "support/Diagnostics.h"

namespace aplc::laila {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

using I = IntInterval;
using D = DoubleInterval;

// ------------------------------------------------------------------------------- int rules

I hull(const I& a, const I& b) { return {std::min(a.lo, b.lo), std::max(a.hi, b.hi)}; }

// Laila's int +, - and * wrap: when some pair of operand values overflows, any result is
// possible. + and - are monotone in each operand, so checking the extreme pairs is enough.
std::optional<I> exactSum(const I& a, const I& b) {
  I r;
  if (__builtin_add_overflow(a.lo, b.lo, &r.lo) || __builtin_add_overflow(a.hi, b.hi, &r.hi)) return std::nullopt;
  return r;
}

std::optional<I> exactDifference(const I& a, const I& b) {
  I r;
  if (__builtin_sub_overflow(a.lo, b.hi, &r.lo) || __builtin_sub_overflow(a.hi, b.lo, &r.hi)) return std::nullopt;
  return r;
}

// x*y over a box takes its extremes at the corners, so every product fits when the corners do.
std::optional<I> exactProduct(const I& a, const I& b) {
  int64_t corners[4];
  if (__builtin_mul_overflow(a.lo, b.lo, &corners[0]) || __builtin_mul_overflow(a.lo, b.hi, &corners[1]) ||
      __builtin_mul_overflow(a.hi, b.lo, &corners[2]) || __builtin_mul_overflow(a.hi, b.hi, &corners[3])) {
    return std::nullopt;
  }
  return I{*std::min_element(corners, corners + 4), *std::max_element(corners, corners + 4)};
}

I negate(const I& a) {
  if (a.lo == INT64_MIN) return I::full();  // -INT64_MIN wraps
  return {-a.hi, -a.lo};
}

I absolute(const I& a) {
  if (a.lo >= 0) return a;
  if (a.lo == INT64_MIN) return I::full();  // |INT64_MIN| wraps
  if (a.hi <= 0) return {-a.hi, -a.lo};
  return {0, std::max(-a.lo, a.hi)};
}

int64_t signOf(int64_t v) { return (v > 0) - (v < 0); }

// Floor division (a/0 = 0, INT64_MIN / -1 wraps). With a divisor of one sign, the real quotient
// is monotone in each operand, and so is its floor: the extremes are at the corners.
I floorQuotient(const I& a, const I& d) {
  if (d.lo == 0 && d.hi == 0) return I::exactly(0);
  if (d.contains(0)) return I::full();
  if (d.contains(-1) && a.contains(INT64_MIN)) return I::full();
  int64_t corners[4] = {floorDiv(a.lo, d.lo), floorDiv(a.lo, d.hi), floorDiv(a.hi, d.lo), floorDiv(a.hi, d.hi)};
  return {*std::min_element(corners, corners + 4), *std::max_element(corners, corners + 4)};
}

// Floor modulus: the divisor's sign; a % 0 = a.
I floorRemainder(const I& a, const I& d) {
  if (d.lo > 0) {
    if (a.lo >= 0 && a.hi < d.lo) return a;  // already reduced
    if (a.lo >= 0) return {0, std::min(a.hi, d.hi - 1)};
    return {0, d.hi - 1};
  }
  if (d.hi < 0) return {d.lo + 1, 0};
  return I::full();
}

// The smallest 2^k - 1 ≥ v (v ≥ 0): a bound for | and ^ of non-negative values ≤ v.
int64_t allOnesAbove(int64_t v) {
  uint64_t m = 0;
  while (m < static_cast<uint64_t>(v)) m = (m << 1) | 1;
  return static_cast<int64_t>(m);
}

// ------------------------------------------------------------------------------- double rules

// Bounds are rounded one ulp outward: sound even where a C compiler keeps more precision.
double down(double x) { return std::isnan(x) ? -kInf : std::nextafter(x, -kInf); }
double up(double x) { return std::isnan(x) ? kInf : std::nextafter(x, kInf); }

D outward(double lo, double hi, bool maybeNaN) { return {down(lo), up(hi), maybeNaN}; }

D negate(const D& a) { return {-a.hi, -a.lo, a.maybeNaN}; }

D sum(const D& a, const D& b) {
  bool infMinusInf = (a.hi == kInf && b.lo == -kInf) || (a.lo == -kInf && b.hi == kInf);
  return outward(a.lo + b.lo, a.hi + b.hi, a.maybeNaN || b.maybeNaN || infMinusInf);
}

// Products and quotients over a box (a divisor of one sign) take their extremes at the corners.
D fromCorners(const double (&c)[4], bool maybeNaN) {
  for (double x : c) {
    if (std::isnan(x)) return D::full();  // 0×∞ or ∞÷∞ at a corner: give up
  }
  return outward(*std::min_element(c, c + 4), *std::max_element(c, c + 4), maybeNaN);
}

D product(const D& a, const D& b) {
  bool zeroTimesInf = (a.containsZero() && b.hasInfinity()) || (b.containsZero() && a.hasInfinity());
  double c[4] = {a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi};
  return fromCorners(c, a.maybeNaN || b.maybeNaN || zeroTimesInf);
}

D quotient(const D& a, const D& b) {
  if (b.containsZero()) return D::full();  // 0÷0 is NaN, x÷0 is ±∞
  bool infOverInf = a.hasInfinity() && b.hasInfinity();
  double c[4] = {a.lo / b.lo, a.lo / b.hi, a.hi / b.lo, a.hi / b.hi};
  return fromCorners(c, a.maybeNaN || b.maybeNaN || infOverInf);
}

D hull(const D& a, const D& b) {
  return {std::min(a.lo, b.lo), std::max(a.hi, b.hi), a.maybeNaN || b.maybeNaN};
}

// The min (max) of two non-NaN values from a and b.
D orderedMin(const D& a, const D& b, bool isMax) {
  if (isMax) return {std::max(a.lo, b.lo), std::max(a.hi, b.hi), false};
  return {std::min(a.lo, b.lo), std::min(a.hi, b.hi), false};
}

// Laila's double min is `a < b ? a : b` (max: `a > b`): b, NaN or not, when either is NaN.
D lailaMin(const D& a, const D& b, bool isMax) {
  D r = orderedMin(a, b, isMax);
  if (a.maybeNaN || b.maybeNaN) r = hull(r, b);
  return r;
}

// aplc_mind / aplc_maxd (TAIL's mind/maxd): a NaN operand gives the other one.
D nanAvoidingMin(const D& a, const D& b, bool isMax) {
  D r = orderedMin(a, b, isMax);
  if (a.maybeNaN) r = hull(r, {b.lo, b.hi, false});
  if (b.maybeNaN) r = hull(r, {a.lo, a.hi, false});
  r.maybeNaN = a.maybeNaN && b.maybeNaN;
  return r;
}

// A monotone double → int conversion that saturates and maps NaN to 0 (floor, ceil, d2i).
I toInt(const D& d, double (*round)(double)) {
  I r{saturatingToInt(round(d.lo)), saturatingToInt(round(d.hi))};
  if (d.maybeNaN) r = hull(r, I::exactly(0));
  return r;
}

// ------------------------------------------------------------------------------- the walk

class Analysis {
 public:
  explicit Analysis(const IntervalFacts& facts) : facts_(facts) {}

  I ofInt(const Expr& e) const {
    if (e.type() != IntType) return I::full();
    if (auto c = asIntConst(e)) return I::exactly(*c);
    if (auto* v = e.as<Variable>()) return facts_.intRange(v->name).value_or(I::full());
    if (auto* u = e.as<Unary>()) return unaryInt(u);
    if (auto* b = e.as<Binary>()) return binaryInt(b);
    if (auto* s = e.as<Select>()) {
      if (auto c = decide(s->cond)) return ofInt(*c ? s->ifTrue : s->ifFalse);
      return hull(ofInt(s->ifTrue), ofInt(s->ifFalse));
    }
    if (auto* l = e.as<Load>()) {
      if (auto* m = l->memory.as<Variable>()) return facts_.memoryRange(m->name).value_or(I::full());
    }
    if (auto* c = e.as<Call>()) return callInt(c);
    return I::full();
  }

  // The unsigned helpers FloorDivision emits for a ≥ 0 and b > 0 are floor division and
  // modulus there; other calls are unknown.
  I callInt(const Call* c) const {
    if (c->args.size() != 2) return I::full();
    bool div = c->function == "aplc_op_udiv", mod = c->function == "aplc_op_umod";
    if (!div && !mod) return I::full();
    I x = ofInt(c->args[0]), y = ofInt(c->args[1]);
    if (x.lo < 0 || y.lo <= 0) return I::full();
    return div ? floorQuotient(x, y) : floorRemainder(x, y);
  }

  D ofDouble(const Expr& e) const {
    if (e.type() != DoubleType) return D::full();
    if (auto c = asDoubleConst(e)) return D::exactly(*c);
    if (auto* v = e.as<Variable>()) return facts_.doubleRange(v->name).value_or(D::full());
    if (auto* u = e.as<Unary>()) return unaryDouble(u);
    if (auto* b = e.as<Binary>()) return binaryDouble(b);
    if (auto* s = e.as<Select>()) {
      if (auto c = decide(s->cond)) return ofDouble(*c ? s->ifTrue : s->ifFalse);
      return hull(ofDouble(s->ifTrue), ofDouble(s->ifFalse));
    }
    if (auto* c = e.as<Call>()) return callDouble(c);
    return D::full();
  }

  std::optional<bool> decide(const Expr& e) const {
    if (e.type() != BoolType) return std::nullopt;
    if (auto c = asBoolConst(e)) return *c;
    if (auto* u = e.as<Unary>()) {
      if (u->op == UnaryOp::Not) {
        if (auto a = decide(u->a)) return !*a;
      } else if (u->op == UnaryOp::I2B) {
        I a = ofInt(u->a);
        if (!a.contains(0)) return true;
        if (a == I::exactly(0)) return false;
      }
      return std::nullopt;
    }
    if (auto* b = e.as<Binary>()) return decideBinary(b);
    if (auto* s = e.as<Select>()) {
      if (auto c = decide(s->cond)) return decide(*c ? s->ifTrue : s->ifFalse);
      auto t = decide(s->ifTrue), f = decide(s->ifFalse);
      if (t && f && *t == *f) return t;
      return std::nullopt;
    }
    if (auto* c = e.as<Call>()) return decideCall(c);
    return std::nullopt;
  }

 private:
  I unaryInt(const Unary* u) const {
    switch (u->op) {
      case UnaryOp::Neg: return negate(ofInt(u->a));
      case UnaryOp::Abs: return absolute(ofInt(u->a));
      case UnaryOp::Sign: {
        I a = ofInt(u->a);
        return {signOf(a.lo), signOf(a.hi)};
      }
      case UnaryOp::B2I: {
        if (auto b = decide(u->a)) return I::exactly(*b ? 1 : 0);
        return {0, 1};
      }
      case UnaryOp::C2I: return {0, UINT32_MAX};
      case UnaryOp::Floor: return toInt(ofDouble(u->a), std::floor);
      case UnaryOp::Ceil: return toInt(ofDouble(u->a), std::ceil);
      case UnaryOp::D2I: return toInt(ofDouble(u->a), std::trunc);
      default: return I::full();
    }
  }

  I binaryInt(const Binary* b) const {
    I x = ofInt(b->a), y = ofInt(b->b);
    switch (b->op) {
      case BinaryOp::Add: return exactSum(x, y).value_or(I::full());
      case BinaryOp::Sub: return exactDifference(x, y).value_or(I::full());
      case BinaryOp::Mul: return exactProduct(x, y).value_or(I::full());
      case BinaryOp::Div: return floorQuotient(x, y);
      case BinaryOp::Mod: return floorRemainder(x, y);
      case BinaryOp::Min: return {std::min(x.lo, y.lo), std::min(x.hi, y.hi)};
      case BinaryOp::Max: return {std::max(x.lo, y.lo), std::max(x.hi, y.hi)};
      case BinaryOp::BitAnd:
        if (x.lo >= 0 && y.lo >= 0) return {0, std::min(x.hi, y.hi)};
        if (x.lo >= 0) return {0, x.hi};
        if (y.lo >= 0) return {0, y.hi};
        return I::full();
      case BinaryOp::BitOr:
      case BinaryOp::BitXor:
        if (x.lo >= 0 && y.lo >= 0) return {0, allOnesAbove(std::max(x.hi, y.hi))};
        return I::full();
      default: return I::full();
    }
  }

  D unaryDouble(const Unary* u) const {
    switch (u->op) {
      case UnaryOp::Neg: return negate(ofDouble(u->a));
      case UnaryOp::Abs: {
        D a = ofDouble(u->a);
        if (a.lo >= 0) return a;
        if (a.hi <= 0) return negate(a);
        return {0.0, std::max(-a.lo, a.hi), a.maybeNaN};
      }
      case UnaryOp::I2D: {
        I a = ofInt(u->a);
        return outward(static_cast<double>(a.lo), static_cast<double>(a.hi), false);
      }
      default: return D::full();
    }
  }

  D binaryDouble(const Binary* b) const {
    D x = ofDouble(b->a), y = ofDouble(b->b);
    switch (b->op) {
      case BinaryOp::Add: return sum(x, y);
      case BinaryOp::Sub: return sum(x, negate(y));
      case BinaryOp::Mul: return product(x, y);
      case BinaryOp::Div: return quotient(x, y);
      case BinaryOp::Min: return lailaMin(x, y, false);
      case BinaryOp::Max: return lailaMin(x, y, true);
      default: return D::full();
    }
  }

  D callDouble(const Call* c) const {
    if (c->args.size() == 1 && (c->function == "floor" || c->function == "ceil")) {
      D a = ofDouble(c->args[0]);
      double (*round)(double) = c->function == "floor" ? static_cast<double (*)(double)>(std::floor)
                                                       : static_cast<double (*)(double)>(std::ceil);
      return {round(a.lo), round(a.hi), a.maybeNaN};  // exact and monotone
    }
    if (c->args.size() == 2 && (c->function == "aplc_mind" || c->function == "aplc_maxd")) {
      return nanAvoidingMin(ofDouble(c->args[0]), ofDouble(c->args[1]), c->function == "aplc_maxd");
    }
    return D::full();
  }

  std::optional<bool> decideBinary(const Binary* b) const {
    switch (b->op) {
      case BinaryOp::And: {
        auto x = decide(b->a), y = decide(b->b);
        if ((x && !*x) || (y && !*y)) return false;
        if (x && y) return true;
        return std::nullopt;
      }
      case BinaryOp::Or: {
        auto x = decide(b->a), y = decide(b->b);
        if ((x && *x) || (y && *y)) return true;
        if (x && y) return false;
        return std::nullopt;
      }
      case BinaryOp::Xor: {
        auto x = decide(b->a), y = decide(b->b);
        if (x && y) return *x != *y;
        return std::nullopt;
      }
      default: break;
    }
    if (!isComparison(b->op)) return std::nullopt;
    if (b->a.type() == IntType) return compareInts(b->op, ofInt(b->a), ofInt(b->b));
    if (b->a.type() == DoubleType) return compareDoubles(b->op, ofDouble(b->a), ofDouble(b->b));
    if (b->a.type() == BoolType && (b->op == BinaryOp::Eq || b->op == BinaryOp::Ne)) {
      auto x = decide(b->a), y = decide(b->b);
      if (x && y) return (*x == *y) == (b->op == BinaryOp::Eq);
    }
    return std::nullopt;
  }

  static std::optional<bool> compareInts(BinaryOp op, const I& x, const I& y) {
    switch (op) {
      case BinaryOp::Lt:
        if (x.hi < y.lo) return true;
        if (x.lo >= y.hi) return false;
        return std::nullopt;
      case BinaryOp::Le:
        if (x.hi <= y.lo) return true;
        if (x.lo > y.hi) return false;
        return std::nullopt;
      case BinaryOp::Gt: return compareInts(BinaryOp::Lt, y, x);
      case BinaryOp::Ge: return compareInts(BinaryOp::Le, y, x);
      case BinaryOp::Eq:
      case BinaryOp::Ne: {
        bool eq = op == BinaryOp::Eq;
        if (x.hi < y.lo || y.hi < x.lo) return !eq;
        if (x.lo == x.hi && y.lo == y.hi && x.lo == y.lo) return eq;
        return std::nullopt;
      }
      default: return std::nullopt;
    }
  }

  // Every ordered comparison with NaN is false, and ≠ is true.
  static std::optional<bool> compareDoubles(BinaryOp op, const D& x, const D& y) {
    bool noNaN = !x.maybeNaN && !y.maybeNaN;
    switch (op) {
      case BinaryOp::Lt:
        if (noNaN && x.hi < y.lo) return true;
        if (x.lo >= y.hi) return false;
        return std::nullopt;
      case BinaryOp::Le:
        if (noNaN && x.hi <= y.lo) return true;
        if (x.lo > y.hi) return false;
        return std::nullopt;
      case BinaryOp::Gt: return compareDoubles(BinaryOp::Lt, y, x);
      case BinaryOp::Ge: return compareDoubles(BinaryOp::Le, y, x);
      case BinaryOp::Eq:
      case BinaryOp::Ne: {
        bool eq = op == BinaryOp::Eq;
        if (x.hi < y.lo || y.hi < x.lo) return !eq;
        if (noNaN && x.lo == x.hi && y.lo == y.hi && x.lo == y.lo) return eq;
        return std::nullopt;
      }
      default: return std::nullopt;
    }
  }

  // The runtime's overflow predicates: false when no pair of operand values overflows.
  std::optional<bool> decideCall(const Call* c) const {
    if (c->args.size() != 2) return std::nullopt;
    const std::string& f = c->function;
    if (f != "aplc_add_overflows" && f != "aplc_sub_overflows" && f != "aplc_mul_overflows") return std::nullopt;
    I x = ofInt(c->args[0]), y = ofInt(c->args[1]);
    bool fits = f == "aplc_add_overflows"   ? exactSum(x, y).has_value()
                : f == "aplc_sub_overflows" ? exactDifference(x, y).has_value()
                                            : exactProduct(x, y).has_value();
    if (fits) return false;
    return std::nullopt;
  }

  const IntervalFacts& facts_;
};

std::string boundText(double v) {
  std::ostringstream s;
  s << v;
  return s.str();
}

}  // namespace

DoubleInterval DoubleInterval::exactly(double v) {
  if (std::isnan(v)) return full();
  return {v, v, false};
}

bool DoubleInterval::hasInfinity() const { return std::isinf(lo) || std::isinf(hi); }

std::string toString(const IntInterval& i) {
  return "[" + std::to_string(i.lo) + ", " + std::to_string(i.hi) + "]";
}

std::string toString(const DoubleInterval& d) {
  return "[" + boundText(d.lo) + ", " + boundText(d.hi) + "]" + (d.maybeNaN ? " or NaN" : "");
}

void IntervalFacts::bindInt(const Name& name, IntInterval range) {
  entries_.push_back({name, range, DoubleInterval::full(), true});
}

void IntervalFacts::bindDouble(const Name& name, DoubleInterval range) {
  entries_.push_back({name, IntInterval::full(), range, false});
}

void IntervalFacts::setInt(const Name& name, IntInterval range) {
  for (auto it = entries_.rbegin(); it != entries_.rend(); ++it) {
    if (it->name == name && it->isInt) {
      it->i = range;
      return;
    }
  }
}

void IntervalFacts::setDouble(const Name& name, DoubleInterval range) {
  for (auto it = entries_.rbegin(); it != entries_.rend(); ++it) {
    if (it->name == name && !it->isInt) {
      it->d = range;
      return;
    }
  }
}

void IntervalFacts::forget(const Name& name) {
  setInt(name, IntInterval::full());
  setDouble(name, DoubleInterval::full());
}

void IntervalFacts::joinWith(const IntervalFacts& other) {
  APLC_INTERNAL_CHECK(other.entries_.size() == entries_.size(), "interval facts of different scopes joined");
  for (size_t k = 0; k < entries_.size(); ++k) {
    Entry& e = entries_[k];
    const Entry& o = other.entries_[k];
    APLC_INTERNAL_CHECK(e.name == o.name && e.isInt == o.isInt, "interval facts of different scopes joined");
    e.i = hull(e.i, o.i);
    e.d = hull(e.d, o.d);
  }
}

std::optional<IntInterval> IntervalFacts::intRange(const Name& name) const {
  for (auto it = entries_.rbegin(); it != entries_.rend(); ++it) {
    if (it->name == name && it->isInt) return it->i;
  }
  return std::nullopt;
}

std::optional<DoubleInterval> IntervalFacts::doubleRange(const Name& name) const {
  for (auto it = entries_.rbegin(); it != entries_.rend(); ++it) {
    if (it->name == name && !it->isInt) return it->d;
  }
  return std::nullopt;
}

std::optional<IntInterval> IntervalFacts::memoryRange(const Name& memory) const {
  if (!memory_) return std::nullopt;
  auto it = memory_->find(memory);
  if (it == memory_->end()) return std::nullopt;
  return it->second;
}

void IntervalFacts::popTo(size_t mark) {
  if (mark < entries_.size()) entries_.resize(mark);
}

IntInterval intInterval(const Expr& e, const IntervalFacts& facts) { return Analysis(facts).ofInt(e); }

DoubleInterval doubleInterval(const Expr& e, const IntervalFacts& facts) { return Analysis(facts).ofDouble(e); }

std::optional<bool> decide(const Expr& cond, const IntervalFacts& facts) { return Analysis(facts).decide(cond); }

}  // namespace aplc::laila
