// Analyses and rewriting helpers of the TAIL optimiser: effects, failure, uses, substitution,
// renaming, static constants.
#include "tail/opt/OptUtil.h"

#include <algorithm>
#include <functional>

namespace aplc::tail {

// ---- Effects and failure ------------------------------------------------------------------

bool hasEffect(const Exp& e) {
  struct Find : Visitor {
    bool found = false;
    void visit(const PrimApp& n) override {
      if (primEffect(n.op) == PrimEffect::Effect) found = true;
      Visitor::visit(n);
    }
    void visit(const PrimFn& n) override {
      if (primEffect(n.op) == PrimEffect::Effect) found = true;
    }
  } f;
  f.walk(e);
  return f.found;
}

namespace {

// Primitives that return a value for every well-typed argument (Prims.def documents no error
// for them). Integer add/sub/mul/neg/abs/pow are not here: overflow is a DOMAIN ERROR; nor is
// format, which supports only scalars and vectors.
bool alwaysTotal(Prim op) {
  switch (op) {
    case Prim::MinI: case Prim::MaxI: case Prim::ResI: case Prim::SignI:
    case Prim::AddD: case Prim::SubD: case Prim::MulD: case Prim::ResD: case Prim::MinD:
    case Prim::MaxD: case Prim::NegD: case Prim::AbsD: case Prim::ExpD: case Prim::PiMul:
    case Prim::PowD: case Prim::Asin: case Prim::Acos:  // IEEE 754: NaN is a value, not an error
    case Prim::Sin: case Prim::Cos: case Prim::Tan: case Prim::Atan: case Prim::Sinh:
    case Prim::Cosh: case Prim::Tanh:
    case Prim::AndB: case Prim::OrB: case Prim::NandB: case Prim::NorB: case Prim::XorB:
    case Prim::NotB:
    case Prim::LtI: case Prim::LteI: case Prim::GtI: case Prim::GteI: case Prim::EqI:
    case Prim::NeqI: case Prim::LtD: case Prim::LteD: case Prim::GtD: case Prim::GteD:
    case Prim::EqD: case Prim::NeqD: case Prim::EqB: case Prim::NeqB: case Prim::EqC:
    case Prim::NeqC: case Prim::LtC:
    case Prim::I2D: case Prim::B2I: case Prim::B2D: case Prim::C2I: case Prim::B2IV:
    case Prim::AddZ: case Prim::SubZ: case Prim::MulZ: case Prim::NegZ: case Prim::ConjZ:
    case Prim::AbsZ: case Prim::RealZ: case Prim::ImagZ: case Prim::EqZ: case Prim::NeqZ:
    case Prim::D2Z:
    case Prim::Shape: case Prim::Reverse: case Prim::VReverse: case Prim::Rotate:
    case Prim::VRotate: case Prim::Transp: case Prim::Take: case Prim::Drop: case Prim::First:
    case Prim::GradeUp: case Prim::GradeDown: case Prim::IndexOfV:
    case Prim::ShapeV: case Prim::IotaV: case Prim::TakeV: case Prim::DropV: case Prim::ConsV:
    case Prim::SnocV: case Prim::CatV: case Prim::FirstV: case Prim::RotateV:
    case Prim::ReverseV: case Prim::TranspV:
      return true;
    default:
      return false;
  }
}

bool isNonNegativeIntLiteral(const Exp& shapeVector) {
  const ArrayLit* lit = shapeVector.as<ArrayLit>();
  if (!lit) return false;
  return std::all_of(lit->elements.begin(), lit->elements.end(), [](const Exp& x) {
    auto v = intConstValue(x);
    return v && *v >= 0;
  });
}

bool isPermutationLiteral(const Exp& perm) {
  const ArrayLit* lit = perm.as<ArrayLit>();
  if (!lit) return false;
  std::vector<bool> seen(lit->elements.size(), false);
  for (const Exp& x : lit->elements) {
    auto v = intConstValue(x);
    if (!v || *v < 1 || *v > static_cast<int64_t>(seen.size()) || seen[*v - 1]) return false;
    seen[*v - 1] = true;
  }
  return true;
}

// cat/cons/snoc can only fail (LENGTH) when the leading axes disagree, i.e. at rank 2 and up.
bool resultIsVector(const PrimApp& n) {
  if (!n.instance) return false;
  const Type& t = n.resultType();
  return t.hasBase() && t.rank() == Shape(1);
}

bool primAppCannotFail(const PrimApp& n) {
  if (primEffect(n.op) == PrimEffect::Effect) return false;
  for (const Exp& a : n.args)
    if (!cannotFail(a)) return false;
  if (alwaysTotal(n.op)) return true;
  switch (n.op) {
    case Prim::Each: case Prim::EachV: case Prim::ZipWithV: case Prim::Reduce: case Prim::Scan:
    case Prim::Power:
      return functionCannotFail(n.args[0]);
    case Prim::PowerUntil:  // it may also never end
      return false;
    case Prim::Iota: {
      auto v = intConstValue(n.args[0]);
      return v && *v >= 0;
    }
    case Prim::Reshape: return isNonNegativeIntLiteral(n.args[0]);
    case Prim::Transp2: return isPermutationLiteral(n.args[0]);
    case Prim::Cat: case Prim::Cons: case Prim::Snoc: return resultIsVector(n);
    default: return false;
  }
}

}  // namespace

bool cannotFail(const Exp& e) {
  switch (e.kind()) {
    case ExpKind::Var: case ExpKind::IntConst: case ExpKind::DoubleConst: case ExpKind::ComplexConst: case ExpKind::BoolConst:
    case ExpKind::CharConst:
      return true;
    case ExpKind::Lambda:  // a closure: evaluating it runs nothing
      return true;
    case ExpKind::PrimFn:
      return primEffect(e.to<PrimFn>().op) == PrimEffect::Pure;
    case ExpKind::ArrayLit: {
      const auto& es = e.to<ArrayLit>().elements;
      return std::all_of(es.begin(), es.end(), [](const Exp& x) { return cannotFail(x); });
    }
    case ExpKind::Tuple: {
      const auto& es = e.to<Tuple>().elements;
      return std::all_of(es.begin(), es.end(), [](const Exp& x) { return cannotFail(x); });
    }
    case ExpKind::Proj: return cannotFail(e.to<Proj>().tuple);
    case ExpKind::Let: {
      const Let& l = e.to<Let>();
      return cannotFail(l.value) && cannotFail(l.body);
    }
    case ExpKind::PrimApp: return primAppCannotFail(e.to<PrimApp>());
    case ExpKind::App: return false;  // would need the function's body
    case ExpKind::LetRec: return cannotFail(e.to<LetRec>().body);  // binding the function runs nothing
  }
  return false;
}

bool functionCannotFail(const Exp& f) {
  if (const PrimFn* p = f.as<PrimFn>()) return primEffect(p->op) == PrimEffect::Pure && alwaysTotal(p->op);
  if (const Lambda* l = f.as<Lambda>()) {
    const Exp* body = &l->body;
    while (const Lambda* inner = body->as<Lambda>()) body = &inner->body;
    return cannotFail(*body);
  }
  return false;
}

bool isScalarPrim(Prim op) {
  const Scheme& s = primScheme(op);
  auto isBaseScalar = [](const Type& t) {
    return t.kind() == TypeKind::Array && t.shape() == Shape(0) && !t.base().isVar();
  };
  Type t = s.body;
  for (; t.isFunction(); t = t.result())
    if (!isBaseScalar(t.param())) return false;
  return isBaseScalar(t);
}

// ---- Map fusion ---------------------------------------------------------------------------

namespace {

bool isUnaryMap(Prim op) { return op == Prim::Each || op == Prim::EachV; }

bool fusibleFunction(const Exp& f) { return (f.as<Lambda>() || f.as<PrimFn>() || f.as<Var>()) && !hasEffect(f); }

}  // namespace

bool canFuseMaps(Prim consumer, const Exp& consumerFn, const PrimApp& producer) {
  bool vectors = consumer == Prim::EachV || consumer == Prim::ZipWithV;
  Prim unary = vectors ? Prim::EachV : Prim::Each;
  Prim binary = vectors ? Prim::ZipWithV : Prim::ZipWith;
  const Exp& producerFn = producer.args[0];
  if (!fusibleFunction(consumerFn) || !fusibleFunction(producerFn)) return false;
  if (expSize(consumerFn, kMaxFusedFunctionSize) + expSize(producerFn, kMaxFusedFunctionSize) > kMaxFusedFunctionSize)
    return false;
  if (isUnaryMap(consumer))  // the first error could change if both functions can fail
    return (producer.op == unary || producer.op == binary) &&
           (functionCannotFail(consumerFn) || functionCannotFail(producerFn));
  return producer.op == unary && functionCannotFail(producerFn);
}

// ---- Uses ---------------------------------------------------------------------------------

std::map<Name, UseInfo> collectUses(const Exp& e) {
  struct Count : Visitor {
    std::map<Name, UseInfo> uses;
    int lambdaDepth = 0;
    void visit(const Var& n) override {
      UseInfo& u = uses[n.name];
      ++u.count;
      if (lambdaDepth > 0) u.underLambda = true;
    }
    void visit(const Lambda& n) override {
      ++lambdaDepth;
      Visitor::visit(n);
      --lambdaDepth;
    }
  } c;
  c.walk(e);
  return c.uses;
}

// ---- Rewriting ----------------------------------------------------------------------------

Exp substitute(const Exp& e, const Name& x, const Exp& replacement) {
  struct Subst : Mutator {
    const Name& x;
    const Exp& r;
    Subst(const Name& n, const Exp& rep) : x(n), r(rep) {}
    Exp visit(const Var& n, const Exp& self) override { return n.name == x ? r : self; }
    // A binder of the same name ends the substitution's scope (only without unique names).
    Exp visit(const Let& n, const Exp& self) override {
      if (!(n.name == x)) return Mutator::visit(n, self);
      Exp v = mutate(n.value);
      if (v.same(n.value)) return self;
      return Let::make(n.name, n.type, v, n.body, n.loc);
    }
    Exp visit(const Lambda& n, const Exp& self) override {
      return n.param == x ? self : Mutator::visit(n, self);
    }
  } s(x, replacement);
  return s.mutate(e);
}

namespace {

// Renames binders through `rename`, keeping a scoped map from old to new names.
class Renamer : public Mutator {
 public:
  template <typename F>
  explicit Renamer(F f) : newName_(std::move(f)) {}

 protected:
  Exp visit(const Var& n, const Exp& self) override {
    for (auto it = scope_.rbegin(); it != scope_.rend(); ++it)
      if (it->first == n.name) return Var::make(it->second, n.loc);
    return self;
  }
  Exp visit(const Let& n, const Exp& self) override {
    (void)self;
    Exp v = mutate(n.value);
    Name fresh = newName_(n.name);
    scope_.push_back({n.name, fresh});
    Exp b = mutate(n.body);
    scope_.pop_back();
    return Let::make(fresh, n.type, v, b, n.loc);
  }
  Exp visit(const Lambda& n, const Exp& self) override {
    (void)self;
    Name fresh = newName_(n.param);
    scope_.push_back({n.param, fresh});
    Exp b = mutate(n.body);
    scope_.pop_back();
    return Lambda::make(fresh, n.paramType, b, n.loc);
  }

 private:
  std::function<Name(const Name&)> newName_;
  std::vector<std::pair<Name, Name>> scope_;
};

}  // namespace

Exp freshenBinders(const Exp& e, NameGen& names) {
  Renamer r([&names](const Name& old) { return names.fresh(old.base); });
  return r.mutate(e);
}

Exp canonicalNames(const Exp& e) {
  uint32_t next = 1;
  Renamer r([&next](const Name&) { return Name{"v", next++}; });
  return r.mutate(e);
}

bool alphaEquivalent(const Exp& a, const Exp& b) { return equalExp(canonicalNames(a), canonicalNames(b)); }

// ---- Constants ----------------------------------------------------------------------------

bool isScalarConst(const Exp& e) {
  switch (e.kind()) {
    case ExpKind::IntConst: case ExpKind::DoubleConst: case ExpKind::ComplexConst: case ExpKind::BoolConst: case ExpKind::CharConst:
      return true;
    default:
      return false;
  }
}

std::optional<int64_t> intConstValue(const Exp& e) {
  if (const IntConst* c = e.as<IntConst>()) return c->value;
  return std::nullopt;
}

bool isConstVectorLiteral(const Exp& e) {
  const ArrayLit* lit = e.as<ArrayLit>();
  return lit && std::all_of(lit->elements.begin(), lit->elements.end(), isScalarConst);
}

std::optional<std::vector<Exp>> staticVector(const Exp& e, size_t maxLength) {
  if (isConstVectorLiteral(e)) {
    const auto& es = e.to<ArrayLit>().elements;
    if (es.size() > maxLength) return std::nullopt;
    return es;
  }
  if (const PrimApp* p = e.as<PrimApp>(); p && (p->op == Prim::IotaV || p->op == Prim::Iota)) {
    auto n = intConstValue(p->args[0]);
    if (!n || *n < 0 || static_cast<uint64_t>(*n) > maxLength) return std::nullopt;
    std::vector<Exp> es;
    for (int64_t i = 1; i <= *n; ++i) es.push_back(IntConst::make(i));
    return es;
  }
  return std::nullopt;
}

Exp makeVectorLiteral(Base element, std::vector<Exp> elements) { return ArrayLit::make(element, std::move(elements)); }

Exp makeIntVector(const std::vector<int64_t>& values) {
  std::vector<Exp> es;
  for (int64_t v : values) es.push_back(IntConst::make(v));
  return ArrayLit::make(Base::intT(), std::move(es));
}

bool isCheapValue(const Exp& e) {
  if (e.as<Var>() || e.as<PrimFn>() || isScalarConst(e)) return true;
  if (isConstVectorLiteral(e)) return e.to<ArrayLit>().elements.size() <= kMaxCopiedVector;
  if (const PrimApp* p = e.as<PrimApp>(); p && (p->op == Prim::IotaV || p->op == Prim::Iota)) {
    auto n = intConstValue(p->args[0]);
    return n && *n >= 0 && *n <= static_cast<int64_t>(kMaxCopiedVector);
  }
  return false;
}

size_t expSize(const Exp& e, size_t limit) {
  struct Count : Visitor {
    size_t n = 0, limit = 0;
    void walkAll(const Exp& x) {
      if (n > limit) return;
      ++n;
      walk(x);
    }
    void visit(const ArrayLit& a) override { for (const Exp& x : a.elements) walkAll(x); }
    void visit(const Let& l) override { walkAll(l.value); walkAll(l.body); }
    void visit(const Lambda& l) override { walkAll(l.body); }
    void visit(const App& a) override { walkAll(a.fn); walkAll(a.arg); }
    void visit(const PrimApp& p) override { for (const Exp& x : p.args) walkAll(x); }
    void visit(const Tuple& t) override { for (const Exp& x : t.elements) walkAll(x); }
    void visit(const Proj& p) override { walkAll(p.tuple); }
  } c;
  c.limit = limit;
  c.walkAll(e);
  return std::min(c.n, limit + 1);
}

std::map<Name, Type> binderTypes(const Exp& e) {
  struct Collect : Visitor {
    std::map<Name, Type> types;
    void visit(const Let& n) override {
      types[n.name] = n.type;
      Visitor::visit(n);
    }
    void visit(const Lambda& n) override {
      types[n.param] = n.paramType;
      Visitor::visit(n);
    }
  } c;
  c.walk(e);
  return c.types;
}

}  // namespace aplc::tail
