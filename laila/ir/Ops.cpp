// Smart constructors: constant folding and the algebraic identities that hold for every value.
#include "laila/ir/Ops.h"

#include <cmath>
#include <limits>

#include "laila/ir/Equality.h"
#include "support/Diagnostics.h"

namespace aplc::laila {

Expr intConst(int64_t value) { return IntImm::make(value); }
Expr doubleConst(double value) { return DoubleImm::make(value); }
Expr boolConst(bool value) { return BoolImm::make(value); }
Expr charConst(uint32_t codepoint) { return CharImm::make(codepoint); }
Expr var(const Var& v) { return Variable::make(v); }

Var asVar(const Expr& e) {
  const Variable* v = e.as<Variable>();
  APLC_INTERNAL_CHECK(v != nullptr, "Laila: expected a variable");
  return v->var();
}

std::optional<int64_t> asIntConst(const Expr& e) {
  if (auto* c = e.as<IntImm>()) return c->value;
  return std::nullopt;
}
std::optional<double> asDoubleConst(const Expr& e) {
  if (auto* c = e.as<DoubleImm>()) return c->value;
  return std::nullopt;
}
std::optional<bool> asBoolConst(const Expr& e) {
  if (auto* c = e.as<BoolImm>()) return c->value;
  return std::nullopt;
}
bool isConst(const Expr& e) {
  switch (e.kind()) {
    case ExprKind::IntImm:
    case ExprKind::DoubleImm:
    case ExprKind::BoolImm:
    case ExprKind::CharImm: return true;
    default: return false;
  }
}

// ---------------------------------------------------------------------------------------------
// Semantics of int operators
// ---------------------------------------------------------------------------------------------

namespace {

constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
constexpr int64_t kMax = std::numeric_limits<int64_t>::max();

// Two's complement wrapping, as the generated C (compiled with -fwrapv) computes.
int64_t wrap(uint64_t u) { return static_cast<int64_t>(u); }
int64_t wrapAdd(int64_t a, int64_t b) { return wrap(uint64_t(a) + uint64_t(b)); }
int64_t wrapSub(int64_t a, int64_t b) { return wrap(uint64_t(a) - uint64_t(b)); }
int64_t wrapMul(int64_t a, int64_t b) { return wrap(uint64_t(a) * uint64_t(b)); }

}  // namespace

int64_t floorDiv(int64_t a, int64_t b) {
  if (b == 0) return 0;
  if (b == -1) return wrapSub(0, a);
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}

int64_t floorMod(int64_t a, int64_t b) {
  if (b == 0) return a;
  if (b == -1) return 0;
  int64_t r = a % b;
  if (r != 0 && ((r < 0) != (b < 0))) r += b;
  return r;
}

int64_t intPow(int64_t base, int64_t exponent) {
  if (exponent < 0) {
    if (base == 1) return 1;
    if (base == -1) return (exponent % 2 == 0) ? 1 : -1;
    return 0;
  }
  int64_t result = 1;
  while (exponent > 0) {
    if (exponent & 1) result = wrapMul(result, base);
    base = wrapMul(base, base);
    exponent >>= 1;
  }
  return result;
}

int64_t saturatingToInt(double d) {
  if (std::isnan(d)) return 0;
  if (d >= 9223372036854775808.0) return kMax;
  if (d < -9223372036854775808.0) return kMin;
  return static_cast<int64_t>(d);
}

namespace {

int64_t shiftLeft(int64_t a, int64_t n) {
  if (n < 0 || n > 63) return 0;
  return wrap(uint64_t(a) << n);
}

int64_t shiftRight(int64_t a, int64_t n) {
  if (n < 0 || n > 63) return a < 0 ? -1 : 0;
  return a >> n;  // arithmetic on every compiler we support (and defined in C++20)
}

double doubleMod(double a, double b) {
  if (b == 0) return a;
  return a - b * std::floor(a / b);
}

std::optional<Expr> evalInt(BinaryOp op, int64_t a, int64_t b) {
  switch (op) {
    case BinaryOp::Add: return intConst(wrapAdd(a, b));
    case BinaryOp::Sub: return intConst(wrapSub(a, b));
    case BinaryOp::Mul: return intConst(wrapMul(a, b));
    case BinaryOp::Div: return intConst(floorDiv(a, b));
    case BinaryOp::Mod: return intConst(floorMod(a, b));
    case BinaryOp::Min: return intConst(std::min(a, b));
    case BinaryOp::Max: return intConst(std::max(a, b));
    case BinaryOp::Pow: return intConst(intPow(a, b));
    case BinaryOp::BitAnd: return intConst(a & b);
    case BinaryOp::BitOr: return intConst(a | b);
    case BinaryOp::BitXor: return intConst(a ^ b);
    case BinaryOp::Shl: return intConst(shiftLeft(a, b));
    case BinaryOp::Shr: return intConst(shiftRight(a, b));
    default: return std::nullopt;
  }
}

std::optional<Expr> evalDouble(BinaryOp op, double a, double b) {
  switch (op) {
    case BinaryOp::Add: return doubleConst(a + b);
    case BinaryOp::Sub: return doubleConst(a - b);
    case BinaryOp::Mul: return doubleConst(a * b);
    case BinaryOp::Div: return doubleConst(a / b);
    case BinaryOp::Mod: return doubleConst(doubleMod(a, b));
    case BinaryOp::Min: return doubleConst(a < b ? a : b);
    case BinaryOp::Max: return doubleConst(a > b ? a : b);
    default: return std::nullopt;  // pow: left to the C library at run time
  }
}

// Comparison of two constants of the same type, as a three-way result on their values.
template <typename T>
std::optional<Expr> evalCompare(BinaryOp op, T a, T b) {
  switch (op) {
    case BinaryOp::Eq: return boolConst(a == b);
    case BinaryOp::Ne: return boolConst(a != b);
    case BinaryOp::Lt: return boolConst(a < b);
    case BinaryOp::Le: return boolConst(a <= b);
    case BinaryOp::Gt: return boolConst(a > b);
    case BinaryOp::Ge: return boolConst(a >= b);
    default: return std::nullopt;
  }
}

}  // namespace

std::optional<Expr> neutralElement(BinaryOp op, Type type) {
  if (type == IntType) {
    switch (op) {
      case BinaryOp::Add: case BinaryOp::BitOr: case BinaryOp::BitXor: return intConst(0);
      case BinaryOp::Mul: return intConst(1);
      case BinaryOp::BitAnd: return intConst(-1);
      case BinaryOp::Max: return intConst(INT64_MIN);
      case BinaryOp::Min: return intConst(INT64_MAX);
      default: return std::nullopt;
    }
  }
  if (type == BoolType) {
    switch (op) {
      case BinaryOp::And: case BinaryOp::Eq: return boolConst(true);
      case BinaryOp::Or: case BinaryOp::Ne: case BinaryOp::Xor: return boolConst(false);
      default: return std::nullopt;
    }
  }
  if (type == DoubleType) {
    if (op == BinaryOp::Add) return doubleConst(-0.0);
    if (op == BinaryOp::Mul) return doubleConst(1.0);
  }
  return std::nullopt;
}

std::optional<Expr> evalConst(BinaryOp op, const Expr& a, const Expr& b) {
  if (!isConst(a) || !isConst(b) || a.type() != b.type()) return std::nullopt;
  if (auto* x = a.as<IntImm>()) {
    int64_t y = b.as<IntImm>()->value;
    return isComparison(op) ? evalCompare(op, x->value, y) : evalInt(op, x->value, y);
  }
  if (auto* x = a.as<DoubleImm>()) {
    double y = b.as<DoubleImm>()->value;
    return isComparison(op) ? evalCompare(op, x->value, y) : evalDouble(op, x->value, y);
  }
  if (auto* x = a.as<CharImm>()) return evalCompare(op, x->value, b.as<CharImm>()->value);
  if (auto* x = a.as<BoolImm>()) {
    bool p = x->value, q = b.as<BoolImm>()->value;
    switch (op) {
      case BinaryOp::And: return boolConst(p && q);
      case BinaryOp::Or: return boolConst(p || q);
      case BinaryOp::Xor: return boolConst(p != q);
      default: return evalCompare(op, int(p), int(q));
    }
  }
  return std::nullopt;
}

std::optional<Expr> evalConst(UnaryOp op, const Expr& a) {
  if (auto* x = a.as<IntImm>()) {
    int64_t v = x->value;
    switch (op) {
      case UnaryOp::Neg: return intConst(wrapSub(0, v));
      case UnaryOp::Abs: return intConst(v < 0 ? wrapSub(0, v) : v);
      case UnaryOp::Sign: return intConst(v > 0 ? 1 : (v < 0 ? -1 : 0));
      case UnaryOp::BitNot: return intConst(~v);
      case UnaryOp::I2D: return doubleConst(static_cast<double>(v));
      case UnaryOp::I2B: return boolConst(v != 0);
      case UnaryOp::I2C:
        if (v >= 0 && v <= 0x10FFFF) return charConst(static_cast<uint32_t>(v));
        return std::nullopt;
      default: return std::nullopt;
    }
  }
  if (auto* x = a.as<DoubleImm>()) {
    double v = x->value;
    switch (op) {
      case UnaryOp::Neg: return doubleConst(-v);
      case UnaryOp::Abs: return doubleConst(std::fabs(v));
      case UnaryOp::Sign: return doubleConst(v > 0 ? 1.0 : (v < 0 ? -1.0 : 0.0));
      case UnaryOp::Floor: return intConst(saturatingToInt(std::floor(v)));
      case UnaryOp::Ceil: return intConst(saturatingToInt(std::ceil(v)));
      case UnaryOp::D2I: return intConst(saturatingToInt(v));
      case UnaryOp::Sqrt: return doubleConst(std::sqrt(v));  // correctly rounded everywhere
      default: return std::nullopt;
    }
  }
  if (auto* x = a.as<BoolImm>()) {
    if (op == UnaryOp::Not) return boolConst(!x->value);
    if (op == UnaryOp::B2I) return intConst(x->value ? 1 : 0);
  }
  if (auto* x = a.as<CharImm>()) {
    if (op == UnaryOp::C2I) return intConst(x->value);
  }
  return std::nullopt;
}

// ---------------------------------------------------------------------------------------------
// Folding constructors
// ---------------------------------------------------------------------------------------------

Expr unary(UnaryOp op, Expr a) {
  if (auto folded = evalConst(op, a)) return *folded;
  if (auto* inner = a.as<Unary>()) {
    // neg(neg x) = x (also for INT64_MIN, which wraps), not(not x) = x, i2b(b2i x) = x.
    if ((op == UnaryOp::Neg && inner->op == UnaryOp::Neg) ||
        (op == UnaryOp::Not && inner->op == UnaryOp::Not) ||
        (op == UnaryOp::I2B && inner->op == UnaryOp::B2I)) {
      return inner->a;
    }
  }
  return Unary::make(op, std::move(a));
}

namespace {

bool isIntValue(const Expr& e, int64_t v) {
  auto c = asIntConst(e);
  return c && *c == v;
}

bool isDoubleOne(const Expr& e) {
  auto c = asDoubleConst(e);
  return c && *c == 1.0;
}

bool isCommutative(BinaryOp op) {
  switch (op) {
    case BinaryOp::Add:
    case BinaryOp::Mul:
    case BinaryOp::Min:
    case BinaryOp::Max:
    case BinaryOp::Eq:
    case BinaryOp::Ne:
    case BinaryOp::And:
    case BinaryOp::Or:
    case BinaryOp::Xor:
    case BinaryOp::BitAnd:
    case BinaryOp::BitOr:
    case BinaryOp::BitXor: return true;
    default: return false;
  }
}

// Identities of int operators with one constant operand (on the right, after canonicalising).
std::optional<Expr> foldIntIdentity(BinaryOp op, const Expr& a, const Expr& b) {
  switch (op) {
    case BinaryOp::Add:
      if (isIntValue(b, 0)) return a;
      // (x + c1) + c2 → x + (c1 + c2)
      if (auto* inner = a.as<Binary>(); inner && inner->op == BinaryOp::Add && isConst(b) &&
                                        isConst(inner->b)) {
        return add(inner->a, add(inner->b, b));
      }
      break;
    case BinaryOp::Sub:
      if (isIntValue(b, 0)) return a;
      if (isIntValue(a, 0)) return neg(b);
      if (equal(a, b)) return intConst(0);
      break;
    case BinaryOp::Mul:
      if (isIntValue(b, 0)) return intConst(0);
      if (isIntValue(b, 1)) return a;
      if (auto* inner = a.as<Binary>(); inner && inner->op == BinaryOp::Mul && isConst(b) &&
                                        isConst(inner->b)) {
        return mul(inner->a, mul(inner->b, b));
      }
      break;
    case BinaryOp::Div:
      if (isIntValue(b, 1) || isIntValue(a, 0)) return a;
      break;
    case BinaryOp::Mod:
      if (isIntValue(b, 1) || isIntValue(a, 0)) return intConst(0);
      break;
    case BinaryOp::Min:
    case BinaryOp::Max:
    case BinaryOp::BitAnd:
    case BinaryOp::BitOr:
      if (equal(a, b)) return a;
      break;
    case BinaryOp::Eq:
    case BinaryOp::Le:
    case BinaryOp::Ge:
      if (equal(a, b)) return boolConst(true);
      break;
    case BinaryOp::Ne:
    case BinaryOp::Lt:
    case BinaryOp::Gt:
      if (equal(a, b)) return boolConst(false);
      break;
    default: break;
  }
  return std::nullopt;
}

std::optional<Expr> foldBoolIdentity(BinaryOp op, const Expr& a, const Expr& b) {
  auto c = asBoolConst(b);
  switch (op) {
    case BinaryOp::And:
      if (c) return *c ? a : b;
      if (equal(a, b)) return a;
      break;
    case BinaryOp::Or:
      if (c) return *c ? b : a;
      if (equal(a, b)) return a;
      break;
    case BinaryOp::Xor:
      if (c) return *c ? lnot(a) : a;
      break;
    default: break;
  }
  return std::nullopt;
}

}  // namespace

Expr binary(BinaryOp op, Expr a, Expr b) {
  if (auto folded = evalConst(op, a, b)) return *folded;
  // Constants go right, so the identities below only look there.
  if (isCommutative(op) && isConst(a) && !isConst(b)) std::swap(a, b);
  std::optional<Expr> folded;
  if (a.type() == IntType && b.type() == IntType) {
    folded = foldIntIdentity(op, a, b);
  } else if (a.type() == BoolType && b.type() == BoolType) {
    folded = foldBoolIdentity(op, a, b);
  } else if (a.type() == DoubleType && (op == BinaryOp::Mul || op == BinaryOp::Div) &&
             isDoubleOne(b)) {
    folded = a;  // x*1.0 and x/1.0 are x for every double, -0.0 and NaN included
  }
  if (folded) return *folded;
  return Binary::make(op, std::move(a), std::move(b));
}

Expr neg(Expr a) { return unary(UnaryOp::Neg, std::move(a)); }
Expr lnot(Expr a) {
  // not(a < b) is a >= b only for ints: with NaN both comparisons are false.
  if (auto* c = a.as<Binary>(); c && isComparison(c->op) && c->a.type() == IntType) {
    switch (c->op) {
      case BinaryOp::Lt: return binary(BinaryOp::Ge, c->a, c->b);
      case BinaryOp::Le: return binary(BinaryOp::Gt, c->a, c->b);
      case BinaryOp::Gt: return binary(BinaryOp::Le, c->a, c->b);
      case BinaryOp::Ge: return binary(BinaryOp::Lt, c->a, c->b);
      case BinaryOp::Eq: return binary(BinaryOp::Ne, c->a, c->b);
      case BinaryOp::Ne: return binary(BinaryOp::Eq, c->a, c->b);
      default: break;
    }
  }
  return unary(UnaryOp::Not, std::move(a));
}
Expr abs(Expr a) { return unary(UnaryOp::Abs, std::move(a)); }
Expr floor(Expr a) { return unary(UnaryOp::Floor, std::move(a)); }
Expr ceil(Expr a) { return unary(UnaryOp::Ceil, std::move(a)); }
Expr i2d(Expr a) { return unary(UnaryOp::I2D, std::move(a)); }
Expr d2i(Expr a) { return unary(UnaryOp::D2I, std::move(a)); }
Expr b2i(Expr a) { return unary(UnaryOp::B2I, std::move(a)); }
Expr i2b(Expr a) { return unary(UnaryOp::I2B, std::move(a)); }

Expr add(Expr a, Expr b) { return binary(BinaryOp::Add, std::move(a), std::move(b)); }
Expr sub(Expr a, Expr b) { return binary(BinaryOp::Sub, std::move(a), std::move(b)); }
Expr mul(Expr a, Expr b) { return binary(BinaryOp::Mul, std::move(a), std::move(b)); }
Expr div(Expr a, Expr b) { return binary(BinaryOp::Div, std::move(a), std::move(b)); }
Expr mod(Expr a, Expr b) { return binary(BinaryOp::Mod, std::move(a), std::move(b)); }
Expr min(Expr a, Expr b) { return binary(BinaryOp::Min, std::move(a), std::move(b)); }
Expr max(Expr a, Expr b) { return binary(BinaryOp::Max, std::move(a), std::move(b)); }
Expr pow(Expr a, Expr b) { return binary(BinaryOp::Pow, std::move(a), std::move(b)); }
Expr eq(Expr a, Expr b) { return binary(BinaryOp::Eq, std::move(a), std::move(b)); }
Expr ne(Expr a, Expr b) { return binary(BinaryOp::Ne, std::move(a), std::move(b)); }
Expr lt(Expr a, Expr b) { return binary(BinaryOp::Lt, std::move(a), std::move(b)); }
Expr le(Expr a, Expr b) { return binary(BinaryOp::Le, std::move(a), std::move(b)); }
Expr gt(Expr a, Expr b) { return binary(BinaryOp::Gt, std::move(a), std::move(b)); }
Expr ge(Expr a, Expr b) { return binary(BinaryOp::Ge, std::move(a), std::move(b)); }
Expr land(Expr a, Expr b) { return binary(BinaryOp::And, std::move(a), std::move(b)); }
Expr lor(Expr a, Expr b) { return binary(BinaryOp::Or, std::move(a), std::move(b)); }
Expr lxor(Expr a, Expr b) { return binary(BinaryOp::Xor, std::move(a), std::move(b)); }

Expr select(Expr cond, Expr ifTrue, Expr ifFalse) {
  if (auto c = asBoolConst(cond)) return *c ? ifTrue : ifFalse;
  if (equal(ifTrue, ifFalse)) return ifTrue;
  return Select::make(std::move(cond), std::move(ifTrue), std::move(ifFalse));
}

Expr load(Expr memory, Expr index) { return Load::make(std::move(memory), std::move(index)); }

Expr call(std::string function, Type type, std::vector<Expr> args) {
  return Call::make(std::move(function), type, std::move(args));
}

Expr product(const std::vector<Expr>& factors) {
  Expr result = intConst(1);
  for (const Expr& f : factors) result = mul(result, f);
  return result;
}

Expr operator+(Expr a, Expr b) { return add(std::move(a), std::move(b)); }
Expr operator-(Expr a, Expr b) { return sub(std::move(a), std::move(b)); }
Expr operator*(Expr a, Expr b) { return mul(std::move(a), std::move(b)); }
Expr operator/(Expr a, Expr b) { return div(std::move(a), std::move(b)); }
Expr operator%(Expr a, Expr b) { return mod(std::move(a), std::move(b)); }
Expr operator-(Expr a) { return neg(std::move(a)); }
Expr operator+(Expr a, int64_t b) { return add(std::move(a), intConst(b)); }
Expr operator-(Expr a, int64_t b) { return sub(std::move(a), intConst(b)); }
Expr operator*(Expr a, int64_t b) { return mul(std::move(a), intConst(b)); }
Expr operator/(Expr a, int64_t b) { return div(std::move(a), intConst(b)); }
Expr operator%(Expr a, int64_t b) { return mod(std::move(a), intConst(b)); }
Expr operator+(int64_t a, Expr b) { return add(intConst(a), std::move(b)); }
Expr operator-(int64_t a, Expr b) { return sub(intConst(a), std::move(b)); }
Expr operator*(int64_t a, Expr b) { return mul(intConst(a), std::move(b)); }

}  // namespace aplc::laila
