// Optimiser pass 1: constant folding (see OptConstantFold.h). Folding is bottom-up: the
// arguments of a primitive are folded first, then the primitive itself.
#include "tail/opt/OptConstantFold.h"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <cmath>
#include <map>
#include <optional>
#include <unordered_map>

#include "tail/opt/OptUtil.h"

namespace aplc::tail {

namespace {

using Elements = std::vector<Exp>;

// ---- Scalar folding -----------------------------------------------------------------------

std::optional<int64_t> addChecked(int64_t x, int64_t y) {
  int64_t r;
  if (__builtin_add_overflow(x, y, &r)) return std::nullopt;
  return r;
}
std::optional<int64_t> subChecked(int64_t x, int64_t y) {
  int64_t r;
  if (__builtin_sub_overflow(x, y, &r)) return std::nullopt;
  return r;
}
std::optional<int64_t> mulChecked(int64_t x, int64_t y) {
  int64_t r;
  if (__builtin_mul_overflow(x, y, &r)) return std::nullopt;
  return r;
}
std::optional<int64_t> powChecked(int64_t x, int64_t y) {
  if (y < 0) return std::nullopt;  // DOMAIN ERROR at run time
  if (y == 0) return 1;
  if (x == 0 || x == 1) return x;
  if (x == -1) return y % 2 == 0 ? 1 : -1;
  int64_t result = 1;  // |x| >= 2: overflow stops the loop within 64 steps
  for (int64_t i = 0; i < y; ++i) {
    auto r = mulChecked(result, x);
    if (!r) return std::nullopt;
    result = *r;
  }
  return result;
}
// APL residue x|y: y mod x, with the sign of x; 0|y = y.
int64_t residue(int64_t x, int64_t y) {
  if (x == 0) return y;
  if (x == -1) return 0;  // y % -1 overflows for INT64_MIN
  int64_t r = y % x;
  if (r != 0 && ((r < 0) != (x < 0))) r += x;
  return r;
}
bool fitsInt32(int64_t v) { return v >= INT32_MIN && v <= INT32_MAX; }

std::optional<int64_t> foldIntBinary(Prim op, int64_t x, int64_t y) {
  switch (op) {
    case Prim::AddI: return addChecked(x, y);
    case Prim::SubI: return subChecked(x, y);
    case Prim::MulI: return mulChecked(x, y);
    case Prim::DivI:
      if (y == 0 || (x == INT64_MIN && y == -1)) return std::nullopt;
      return x / y;
    case Prim::ResI: return residue(x, y);
    case Prim::MinI: return std::min(x, y);
    case Prim::MaxI: return std::max(x, y);
    case Prim::PowI: return powChecked(x, y);
    // The 32-bit bitwise operations agree with 64-bit ones on sign-extended 32-bit operands.
    case Prim::AndI: if (fitsInt32(x) && fitsInt32(y)) return x & y; return std::nullopt;
    case Prim::OrI: if (fitsInt32(x) && fitsInt32(y)) return x | y; return std::nullopt;
    case Prim::XorI: if (fitsInt32(x) && fitsInt32(y)) return x ^ y; return std::nullopt;
    default: return std::nullopt;
  }
}

std::optional<bool> foldCompare(Prim op, double x, double y) {
  switch (op) {
    case Prim::LtI: case Prim::LtD: case Prim::LtC: return x < y;
    case Prim::LteI: case Prim::LteD: return x <= y;
    case Prim::GtI: case Prim::GtD: return x > y;
    case Prim::GteI: case Prim::GteD: return x >= y;
    case Prim::EqI: case Prim::EqD: case Prim::EqB: case Prim::EqC: return x == y;
    case Prim::NeqI: case Prim::NeqD: case Prim::NeqB: case Prim::NeqC: return x != y;
    default: return std::nullopt;
  }
}

std::optional<double> foldDoubleBinaryRaw(Prim op, double x, double y) {
  switch (op) {
    case Prim::AddD: return x + y;
    case Prim::SubD: return x - y;
    case Prim::MulD: return x * y;
    case Prim::DivD: if (y == 0) return std::nullopt; return x / y;
    case Prim::MinD: return std::min(x, y);
    case Prim::MaxD: return std::max(x, y);
    case Prim::PowD: {
      // Only whole powers of whole numbers whose result is exact (below 2^53): `2*17` is 131072.0,
      // the same bits C's pow gives; anything else is left to run time.
      if (x != std::trunc(x) || y != std::trunc(y) || y < 0 || y > 64 || std::fabs(x) > 9007199254740992.0)
        return std::nullopt;
      double r = 1.0;
      for (int k = 0; k < static_cast<int>(y); ++k) {
        r *= x;
        if (std::fabs(r) > 9007199254740992.0) return std::nullopt;
      }
      return r;
    }
    default: return std::nullopt;
  }
}

// NaN in or out is left to run time: its conventions (and sign bit) belong to the target.
std::optional<double> foldDoubleBinary(Prim op, double x, double y) {
  if (std::isnan(x) || std::isnan(y)) return std::nullopt;
  auto r = foldDoubleBinaryRaw(op, x, y);
  if (r && std::isnan(*r)) return std::nullopt;
  return r;
}

// A double that converts to an int64 without leaving the range (and is exactly representable).
bool safeIntegral(double d) { return std::isfinite(d) && std::fabs(d) < 9007199254740992.0; }

bool validChar(int64_t v) { return v >= 0 && v <= 0x10FFFF && (v < 0xD800 || v > 0xDFFF); }

// Comparison operands as doubles: ints compare exactly when both fit in 53 bits.
std::optional<double> comparable(const Exp& e) {
  if (const IntConst* c = e.as<IntConst>()) {
    if (c->value > (int64_t{1} << 53) || c->value < -(int64_t{1} << 53)) return std::nullopt;
    return static_cast<double>(c->value);
  }
  if (const DoubleConst* c = e.as<DoubleConst>()) return c->value;
  if (const BoolConst* c = e.as<BoolConst>()) return c->value ? 1.0 : 0.0;
  if (const CharConst* c = e.as<CharConst>()) return static_cast<double>(c->value);
  return std::nullopt;
}

Exp foldUnary(Prim op, const Exp& a) {
  const IntConst* i = a.as<IntConst>();
  const DoubleConst* d = a.as<DoubleConst>();
  const BoolConst* b = a.as<BoolConst>();
  const CharConst* c = a.as<CharConst>();
  if (d && std::isnan(d->value)) return {};  // NaN conventions belong to run time
  switch (op) {
    case Prim::NegI: if (i && i->value != INT64_MIN) return IntConst::make(-i->value); break;
    case Prim::AbsI: if (i && i->value != INT64_MIN) return IntConst::make(i->value < 0 ? -i->value : i->value); break;
    case Prim::SignI: if (i) return IntConst::make((i->value > 0) - (i->value < 0)); break;
    case Prim::NegD: if (d) return DoubleConst::make(-d->value); break;
    case Prim::AbsD: if (d) return DoubleConst::make(std::fabs(d->value)); break;
    case Prim::SignD: if (d && !std::isnan(d->value)) return IntConst::make((d->value > 0) - (d->value < 0)); break;
    case Prim::Floor: if (d && safeIntegral(d->value)) return IntConst::make(static_cast<int64_t>(std::floor(d->value))); break;
    case Prim::Ceil: if (d && safeIntegral(d->value)) return IntConst::make(static_cast<int64_t>(std::ceil(d->value))); break;
    case Prim::D2I: if (d && safeIntegral(d->value)) return IntConst::make(static_cast<int64_t>(std::trunc(d->value))); break;
    case Prim::D2IW:
      if (d && safeIntegral(d->value) && std::fabs(d->value - std::round(d->value)) <= 1e-14 * std::fabs(d->value))
        return IntConst::make(static_cast<int64_t>(std::round(d->value)));
      break;
    case Prim::I2D: if (i) return DoubleConst::make(static_cast<double>(i->value)); break;
    case Prim::NotB: if (b) return BoolConst::make(!b->value); break;
    case Prim::B2I: case Prim::B2IV: if (b) return IntConst::make(b->value ? 1 : 0); break;
    case Prim::B2D: if (b) return DoubleConst::make(b->value ? 1.0 : 0.0); break;
    case Prim::C2I: if (c) return IntConst::make(static_cast<int64_t>(c->value)); break;
    case Prim::I2C: if (i && validChar(i->value)) return CharConst::make(static_cast<char32_t>(i->value)); break;
    default: break;
  }
  return {};
}

Exp foldBinary(Prim op, const Exp& x, const Exp& y) {
  if (!isScalarConst(x) || !isScalarConst(y)) return {};
  if (const IntConst* a = x.as<IntConst>())
    if (const IntConst* b = y.as<IntConst>())
      if (auto r = foldIntBinary(op, a->value, b->value)) return IntConst::make(*r);
  if (const DoubleConst* a = x.as<DoubleConst>())
    if (const DoubleConst* b = y.as<DoubleConst>())
      if (auto r = foldDoubleBinary(op, a->value, b->value)) return DoubleConst::make(*r);
  if (const BoolConst* a = x.as<BoolConst>()) {
    if (const BoolConst* b = y.as<BoolConst>()) {
      bool p = a->value, q = b->value;
      switch (op) {
        case Prim::AndB: return BoolConst::make(p && q);
        case Prim::OrB: return BoolConst::make(p || q);
        case Prim::NandB: return BoolConst::make(!(p && q));
        case Prim::NorB: return BoolConst::make(!(p || q));
        case Prim::XorB: return BoolConst::make(p != q);
        default: break;
      }
    }
  }
  auto p = comparable(x), q = comparable(y);
  if (p && q && x.kind() == y.kind())
    if (auto r = foldCompare(op, *p, *q)) return BoolConst::make(*r);
  return {};
}

// ---- Vector folding -----------------------------------------------------------------------

// The element base type of a static vector expression (iota is int).
Base vectorBase(const Exp& v) {
  if (const ArrayLit* lit = v.as<ArrayLit>()) return lit->element;
  return Base::intT();
}

Exp fillValue(Base b) {
  switch (b.kind) {
    case BaseKind::Double: return DoubleConst::make(0.0);
    case BaseKind::Bool: return BoolConst::make(false);
    case BaseKind::Char: return CharConst::make(U' ');
    default: return IntConst::make(0);
  }
}

Exp literal(Base b, Elements es) {
  if (es.size() > kMaxFoldedVector) return {};
  return ArrayLit::make(b, std::move(es));
}

size_t magnitude(int64_t n) { return n < 0 ? static_cast<size_t>(-(n + 1)) + 1 : static_cast<size_t>(n); }

Exp takeVector(int64_t n, const Exp& v, const Elements& es) {
  size_t count = magnitude(n);
  if (count > kMaxFoldedVector) return {};
  Base b = vectorBase(v);
  Elements out;
  if (n >= 0) {
    for (size_t i = 0; i < count; ++i) out.push_back(i < es.size() ? es[i] : fillValue(b));
  } else {  // the last |n| items, padded at the front
    for (size_t i = 0; i < count; ++i) {
      size_t fromEnd = count - i;  // 1-based distance from the end
      out.push_back(fromEnd <= es.size() ? es[es.size() - fromEnd] : fillValue(b));
    }
  }
  return literal(b, std::move(out));
}

Exp dropVector(int64_t n, const Exp& v, const Elements& es) {
  size_t count = std::min(magnitude(n), es.size());
  Elements out = n >= 0 ? Elements(es.begin() + static_cast<std::ptrdiff_t>(count), es.end())
                        : Elements(es.begin(), es.end() - static_cast<std::ptrdiff_t>(count));
  return literal(vectorBase(v), std::move(out));
}

Exp rotateVector(int64_t n, const Exp& v, const Elements& es) {
  if (es.empty()) return literal(vectorBase(v), es);
  int64_t len = static_cast<int64_t>(es.size());
  int64_t shift = ((n % len) + len) % len;
  Elements out;
  for (int64_t i = 0; i < len; ++i) out.push_back(es[static_cast<size_t>((i + shift) % len)]);
  return literal(vectorBase(v), std::move(out));
}

Exp reverseVector(const Exp& v, Elements es) {
  std::reverse(es.begin(), es.end());
  return literal(vectorBase(v), std::move(es));
}

Exp catVectors(const Exp& a, const Elements& x, const Elements& y) {
  Elements out = x;
  out.insert(out.end(), y.begin(), y.end());
  return literal(vectorBase(a), std::move(out));
}

Exp foldVector(const PrimApp& n) {
  const auto& args = n.args;
  auto vec = [&](size_t i) { return staticVector(args[i]); };
  switch (n.op) {
    case Prim::ShapeV:
      if (auto v = vec(0)) return makeIntVector({static_cast<int64_t>(v->size())});
      break;
    case Prim::FirstV:
      if (auto v = vec(0); v && v->size() == 1) return (*v)[0];
      break;
    case Prim::CatV: case Prim::Cat:
      if (auto x = vec(0))
        if (auto y = vec(1)) return catVectors(args[0], *x, *y);
      break;
    case Prim::ConsV: case Prim::Cons:
      if (auto y = vec(1); y && isScalarConst(args[0])) {
        Elements out{args[0]};
        out.insert(out.end(), y->begin(), y->end());
        return literal(vectorBase(args[1]), std::move(out));
      }
      break;
    case Prim::SnocV: case Prim::Snoc:
      if (auto x = vec(0); x && isScalarConst(args[1])) {
        Elements out = *x;
        out.push_back(args[1]);
        return literal(vectorBase(args[0]), std::move(out));
      }
      break;
    case Prim::TakeV: case Prim::Take:
      if (auto k = intConstValue(args[0]))
        if (auto v = vec(1)) return takeVector(*k, args[1], *v);
      break;
    case Prim::DropV: case Prim::Drop:
      if (auto k = intConstValue(args[0]))
        if (auto v = vec(1)) return dropVector(*k, args[1], *v);
      break;
    case Prim::RotateV: case Prim::Rotate: case Prim::VRotate:
      if (auto k = intConstValue(args[0]))
        if (auto v = vec(1)) return rotateVector(*k, args[1], *v);
      break;
    case Prim::ReverseV: case Prim::Reverse: case Prim::VReverse:
      if (auto v = vec(0)) return reverseVector(args[0], *v);
      break;
    case Prim::TranspV: case Prim::Transp:
      if (isConstVectorLiteral(args[0])) return args[0];
      break;
    case Prim::Shape:  // of iota(n): [n] (literals are handled through their type)
      if (const PrimApp* iota = args[0].as<PrimApp>(); iota && (iota->op == Prim::Iota || iota->op == Prim::IotaV))
        if (auto k = intConstValue(iota->args[0]); k && *k >= 0 && cannotFail(args[0])) return makeIntVector({*k});
      break;
    default: break;
  }
  return {};
}

// ---- The pass -----------------------------------------------------------------------------

// A literal for a value known from its singleton type, or null.
Exp literalFromType(const Type& t) {
  if (!t || !t.hasBase() || !t.shape().isConstant()) return {};
  int64_t v = t.shape().constant();
  bool isBool = t.base() == Base::boolT();
  if (t.kind() == TypeKind::Singleton && !t.magnitude()) {
    if (t.base() == Base::intT()) return IntConst::make(v);
    if (isBool && (v == 0 || v == 1)) return BoolConst::make(v == 1);
  }
  if (t.kind() == TypeKind::SingletonVector && t.base() == Base::intT()) return makeIntVector({v});
  return {};
}

// The literal shape of a value of type t, when the type fixes it.
Exp shapeFromType(const Type& t) {
  if (!t || !t.hasBase()) return {};
  switch (t.kind()) {
    case TypeKind::Singleton: return makeIntVector({});
    case TypeKind::SingletonVector: return makeIntVector({1});
    case TypeKind::Vector:
      if (t.shape().isConstant()) return makeIntVector({t.shape().constant()});
      return {};
    case TypeKind::Array:
      if (t.shape() == Shape(0)) return makeIntVector({});
      return {};
    default: return {};
  }
}

class Folder : public Mutator {
 public:
  explicit Folder(std::map<Name, Type> types) : types_(std::move(types)) {}

 protected:
  Exp visit(const Var& n, const Exp& self) override {
    if (auto it = constants_.find(n.name); it != constants_.end()) return withLoc(it->second, n.loc);
    if (Exp lit = literalFromType(typeOfVar(n.name))) return withLoc(lit, n.loc);
    return self;
  }

  // A let whose value folds to a scalar constant makes its variable that constant in the body,
  // so that a chain `let a = 1 in let b = addi(a,1) in let c = addi(b,1) …` folds in one pass
  // rather than one link per optimiser round (the binding itself is left to dead-binding
  // elimination). Names are unique, so one flat map serves every scope.
  Exp visit(const Let& n, const Exp& self) override {
    Exp v = mutate(n.value);
    if (isScalarConst(v)) constants_[n.name] = v;
    Exp b = mutate(n.body);
    if (v.same(n.value) && b.same(n.body)) return self;
    return Let::make(n.name, n.type, v, b, n.loc);
  }

  Exp visit(const PrimApp& n, const Exp& self) override {
    Exp rebuilt = Mutator::visit(n, self);
    const PrimApp& p = rebuilt.to<PrimApp>();
    if (Exp folded = fold(p)) return withLoc(folded, n.loc);
    // Known from the type: only for what can be dropped (no effect, no possible error).
    if (p.instance && cannotFail(rebuilt))
      if (Exp lit = literalFromType(p.resultType())) return withLoc(lit, n.loc);
    return rebuilt;
  }

 private:
  Exp fold(const PrimApp& p) {
    if (p.args.size() == 1 && isScalarConst(p.args[0]))
      if (Exp r = foldUnary(p.op, p.args[0])) return r;
    if (p.args.size() == 2)
      if (Exp r = foldBinary(p.op, p.args[0], p.args[1])) return r;
    if (Exp r = foldVector(p)) return r;
    if (p.op == Prim::Shape && cannotFail(p.args[0])) return shapeFromType(typeOfExp(p.args[0]));
    return {};
  }

  Type typeOfVar(const Name& n) const {
    auto it = types_.find(n);
    return it == types_.end() ? Type() : it->second;
  }

  // The type of an argument, where cheaply known (variables, literals, annotated primitives).
  Type typeOfExp(const Exp& e) const {
    if (const Var* v = e.as<Var>()) return typeOfVar(v->name);
    if (const PrimApp* p = e.as<PrimApp>(); p && p->instance) return p->resultType();
    if (const ArrayLit* a = e.as<ArrayLit>()) return Type::vector(a->element, Shape(static_cast<int64_t>(a->elements.size())));
    if (const IntConst* c = e.as<IntConst>()) return Type::singleton(Base::intT(), Shape(c->value));
    if (const BoolConst* c = e.as<BoolConst>()) return Type::singleton(Base::boolT(), Shape(c->value ? 1 : 0));
    if (e.as<DoubleConst>()) return Type::scalar(Base::doubleT());
    if (e.as<CharConst>()) return Type::scalar(Base::charT());
    return {};
  }

  // Folded nodes take the location of the expression they replace (for error messages later).
  static Exp withLoc(const Exp& e, const SourceLoc& loc) {
    switch (e.kind()) {
      case ExpKind::IntConst: return IntConst::make(e.to<IntConst>().value, loc);
      case ExpKind::DoubleConst: return DoubleConst::make(e.to<DoubleConst>().value, loc);
      case ExpKind::BoolConst: return BoolConst::make(e.to<BoolConst>().value, loc);
      case ExpKind::CharConst: return CharConst::make(e.to<CharConst>().value, loc);
      case ExpKind::ArrayLit: return ArrayLit::make(e.to<ArrayLit>().element, e.to<ArrayLit>().elements, loc);
      default: return e;
    }
  }

  std::map<Name, Type> types_;
  std::unordered_map<Name, Exp, NameHash> constants_;
};

}  // namespace

Exp foldConstants(const Exp& program) {
  Folder f(binderTypes(program));
  return f.mutate(program);
}

}  // namespace aplc::tail
