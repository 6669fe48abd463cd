// Optimiser pass: simplification of shape arithmetic (see OptShapes.h).
#include "tail/opt/OptShapes.h"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <map>
#include <unordered_map>
#include <optional>

#include "tail/opt/OptUtil.h"

namespace aplc::tail {

namespace {

using Dims = std::vector<int64_t>;

std::optional<Dims> literalDims(const Exp& e) {
  const ArrayLit* lit = e.as<ArrayLit>();
  if (!lit) return std::nullopt;
  Dims d;
  for (const Exp& x : lit->elements) {
    auto v = intConstValue(x);
    if (!v || *v < 0) return std::nullopt;
    d.push_back(*v);
  }
  return d;
}

int64_t elementCount(const Dims& d) {
  int64_t n = 1;
  for (int64_t x : d) n *= x;
  return n;
}

// The shape of zipWith(f, a, b) from its arguments' shapes (when known), with singleton
// extension: a one-element argument takes the other's shape. A known shape with other than one
// element is the result's (or the zipWith fails); a known one-element shape tells nothing
// alone, since the other argument may be the larger one.
std::optional<Dims> zipWithShape(const std::optional<Dims>& a, const std::optional<Dims>& b) {
  if (a && b) {
    if (*a == *b) return a;
    if (elementCount(*a) == 1) return b;
    if (elementCount(*b) == 1) return a;
    return std::nullopt;  // a LENGTH ERROR at run time
  }
  if (a && elementCount(*a) != 1) return a;
  if (b && elementCount(*b) != 1) return b;
  return std::nullopt;
}

int64_t magnitude(int64_t n) { return n < 0 ? (n == INT64_MIN ? INT64_MAX : -n) : n; }

class ShapeSimplifier : public Mutator {
 public:
  explicit ShapeSimplifier(std::map<Name, Type> types) : types_(std::move(types)) {}

 protected:
  Exp visit(const Let& n, const Exp& self) override {
    Exp v = mutate(n.value);
    values_[n.name] = v;
    Exp b = mutate(n.body);
    if (v.same(n.value) && b.same(n.body)) return self;
    return Let::make(n.name, n.type, v, b, n.loc);
  }

  Exp visit(const PrimApp& n, const Exp& self) override {
    Exp rebuilt = Mutator::visit(n, self);
    if (Exp r = simplify(rebuilt.to<PrimApp>())) return r;
    return rebuilt;
  }

 private:
  Exp simplify(const PrimApp& p) {
    const auto& a = p.args;
    switch (p.op) {
      case Prim::Shape:
        if (a[0].as<Var>() || cannotFail(a[0])) return knownShape(a[0]);
        return {};
      case Prim::TranspV: return a[0];
      case Prim::Transp: case Prim::Reverse:
        if (rankAtMost(a[0], p.op == Prim::Transp ? 1 : 0)) return a[0];
        return {};
      case Prim::Rotate: case Prim::VRotate:
        if (intConstValue(a[0]) == 0 || rankAtMost(a[1], 0)) return cannotFail(a[0]) ? a[1] : Exp();
        return {};
      case Prim::RotateV: case Prim::DropV:
        if (intConstValue(a[0]) == 0) return a[1];
        return {};
      case Prim::CatV:
        if (isEmptyLiteral(a[1])) return a[0];
        if (isEmptyLiteral(a[0])) return a[1];
        return {};
      case Prim::Transp2:
        if (isIdentityPermutation(a[0])) return a[1];
        return {};
      case Prim::Reshape: case Prim::Reshape0: {
        auto want = literalDims(a[0]);
        auto have = staticShape(a[1]);
        if (want && have && *want == *have) return a[1];
        return {};
      }
      default: return {};
    }
  }

  static bool isEmptyLiteral(const Exp& e) {
    const ArrayLit* lit = e.as<ArrayLit>();
    return lit && lit->elements.empty();
  }

  static bool isIdentityPermutation(const Exp& e) {
    auto d = literalDims(e);
    if (!d) return false;
    for (size_t i = 0; i < d->size(); ++i)
      if ((*d)[i] != static_cast<int64_t>(i + 1)) return false;
    return true;
  }

  Type typeOf(const Exp& e) const {
    if (const Var* v = e.as<Var>()) {
      auto it = types_.find(v->name);
      return it == types_.end() ? Type() : it->second;
    }
    if (const PrimApp* p = e.as<PrimApp>(); p && p->instance) return p->resultType();
    if (const ArrayLit* l = e.as<ArrayLit>()) return Type::vector(l->element, Shape(static_cast<int64_t>(l->elements.size())));
    if (isScalarConst(e)) return Type::scalar(Base::intT());  // only its rank 0 is used
    return {};
  }

  bool rankAtMost(const Exp& e, int64_t r) const {
    Type t = typeOf(e);
    return t && t.hasBase() && t.rank().isConstant() && t.rank().constant() <= r;
  }

  // An expression for e's shape vector, valid wherever e is in scope: a literal, or a cheap
  // value (a variable or literal) that was the shape argument of the reshape that made e.
  Exp knownShape(const Exp& e) {
    if (auto d = staticShape(e)) return makeIntVector(*d);
    Exp source = e;
    for (int guard = 0; guard < 1000; ++guard) {
      if (const Var* v = source.as<Var>()) {
        auto it = values_.find(v->name);
        if (it == values_.end()) return {};
        source = it->second;
        continue;
      }
      const PrimApp* p = source.as<PrimApp>();
      if (p && (p->op == Prim::Reshape || p->op == Prim::Reshape0) && isCheapValue(p->args[0])) return p->args[0];
      return {};
    }
    return {};
  }

  // The shape of e, when it is a compile-time constant.
  std::optional<Dims> staticShape(const Exp& e, int depth = 0) {
    if (depth > 200) return std::nullopt;
    if (const Var* v = e.as<Var>()) {
      auto it = values_.find(v->name);
      if (it != values_.end())
        if (auto d = staticShape(it->second, depth + 1)) return d;
    }
    if (Type t = typeOf(e); t && t.hasBase()) {
      if (t.kind() == TypeKind::Vector && t.shape().isConstant()) return Dims{t.shape().constant()};
      if (t.kind() == TypeKind::SingletonVector) return Dims{1};
      if (t.rank() == Shape(0)) return Dims{};
    }
    const PrimApp* p = e.as<PrimApp>();
    if (!p) return std::nullopt;
    const auto& a = p->args;
    auto shapeOf = [&](size_t i) { return staticShape(a[i], depth + 1); };
    switch (p->op) {
      case Prim::Reshape: case Prim::Reshape0: return literalDims(a[0]);
      case Prim::Iota: case Prim::IotaV:
        if (auto k = intConstValue(a[0]); k && *k >= 0) return Dims{*k};
        return std::nullopt;
      case Prim::Reverse: case Prim::VReverse: case Prim::Print: case Prim::Update: return shapeOf(0);
      case Prim::Each: case Prim::EachV: case Prim::Scan: case Prim::Rotate: case Prim::VRotate: case Prim::PrintP:
        return shapeOf(1);
      case Prim::ZipWith: case Prim::ZipWithV: return zipWithShape(shapeOf(1), shapeOf(2));
      case Prim::Transp: {
        auto d = shapeOf(0);
        if (d) std::reverse(d->begin(), d->end());
        return d;
      }
      case Prim::Transp2: {
        auto perm = literalDims(a[0]);
        auto d = shapeOf(1);
        if (!perm || !d || perm->size() != d->size()) return std::nullopt;
        Dims out(d->size(), -1);
        for (size_t k = 0; k < d->size(); ++k) {
          int64_t to = (*perm)[k] - 1;
          if (to < 0 || to >= static_cast<int64_t>(out.size()) || out[to] != -1) return std::nullopt;
          out[to] = (*d)[k];
        }
        return out;
      }
      case Prim::Take: case Prim::Drop: {
        auto k = intConstValue(a[0]);
        auto d = shapeOf(1);
        if (!k || !d || d->empty()) return std::nullopt;
        int64_t m = magnitude(*k);
        (*d)[0] = p->op == Prim::Take ? m : std::max<int64_t>(0, (*d)[0] - m);
        return d;
      }
      case Prim::Cat: {
        auto x = shapeOf(0), y = shapeOf(1);
        if (!x || !y || x->empty() || x->size() != y->size()) return std::nullopt;
        x->back() += y->back();
        return x;
      }
      case Prim::Cons: case Prim::Snoc: {
        auto d = shapeOf(p->op == Prim::Cons ? 1 : 0);
        if (!d || d->empty()) return std::nullopt;
        d->back() += 1;
        return d;
      }
      case Prim::Reduce: {
        auto d = shapeOf(2);
        if (!d || d->empty()) return std::nullopt;
        d->pop_back();
        return d;
      }
      case Prim::Index: {
        auto axis = intConstValue(a[0]);
        auto d = shapeOf(2);
        if (!axis || !d || *axis < 1 || *axis > static_cast<int64_t>(d->size())) return std::nullopt;
        d->erase(d->begin() + (*axis - 1));
        return d;
      }
      default: return std::nullopt;
    }
  }

  std::map<Name, Type> types_;
  std::unordered_map<Name, Exp, NameHash> values_;  // let-bound values seen so far (names are unique)
};

}  // namespace

Exp simplifyShapes(const Exp& program) {
  ShapeSimplifier s(binderTypes(program));
  return s.mutate(program);
}

}  // namespace aplc::tail
