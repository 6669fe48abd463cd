// TAIL expressions: make functions (with their invariant checks), structural equality, and the
// default recursion of Visitor and Mutator.
#include "tail/ir/Exp.h"

#include <algorithm>
#include <cstring>

#include "support/Diagnostics.h"

namespace aplc::tail {

ExpKind Exp::kind() const {
  APLC_INTERNAL_CHECK(node_, "kind() of an undefined expression");
  return node_->kind;
}

const SourceLoc& Exp::loc() const {
  APLC_INTERNAL_CHECK(node_, "loc() of an undefined expression");
  return node_->loc;
}

void Exp::badCast() { internalError(__FILE__, __LINE__, "expression is not of the requested kind"); }

namespace {

void requireDefined(const Exp& e, const char* what) {
  APLC_INTERNAL_CHECK(e.defined(), std::string("undefined ") + what);
}

void requireClosedType(const Type& t, const char* what) {
  APLC_INTERNAL_CHECK(t, std::string("missing type on ") + what);
  APLC_INTERNAL_CHECK(!hasVariables(t), std::string("type with variables on ") + what + ": " + toString(t));
}

}  // namespace

Exp Var::make(Name name, SourceLoc loc) {
  APLC_INTERNAL_CHECK(!name.base.empty(), "variable with an empty name");
  return Exp(std::make_shared<const Var>(std::move(name), loc));
}

Exp IntConst::make(int64_t value, SourceLoc loc) { return Exp(std::make_shared<const IntConst>(value, loc)); }
Exp DoubleConst::make(double value, SourceLoc loc) {
  return Exp(std::make_shared<const DoubleConst>(value, loc));
}
Exp ComplexConst::make(double re, double im, SourceLoc loc) {
  return Exp(std::make_shared<const ComplexConst>(re, im, loc));
}
Exp BoolConst::make(bool value, SourceLoc loc) { return Exp(std::make_shared<const BoolConst>(value, loc)); }
Exp CharConst::make(char32_t value, SourceLoc loc) {
  APLC_INTERNAL_CHECK(value <= 0x10FFFF && (value < 0xD800 || value > 0xDFFF), "character is not a Unicode scalar value");
  return Exp(std::make_shared<const CharConst>(value, loc));
}

Exp ArrayLit::make(Base element, std::vector<Exp> elements, SourceLoc loc) {
  APLC_INTERNAL_CHECK(!element.isVar(), "array literal with a variable element type");
  for (const Exp& e : elements) requireDefined(e, "array literal element");
  return Exp(std::make_shared<const ArrayLit>(element, std::move(elements), loc));
}

Exp Let::make(Name name, Type type, Exp value, Exp body, SourceLoc loc) {
  requireClosedType(type, "let binding");
  requireDefined(value, "let value");
  requireDefined(body, "let body");
  return Exp(std::make_shared<const Let>(std::move(name), std::move(type), std::move(value), std::move(body), loc));
}

Exp Lambda::make(Name param, Type paramType, Exp body, SourceLoc loc) {
  requireClosedType(paramType, "lambda parameter");
  requireDefined(body, "lambda body");
  return Exp(std::make_shared<const Lambda>(std::move(param), std::move(paramType), std::move(body), loc));
}

Exp LetRec::make(Name name, Type type, Exp fn, Exp body, SourceLoc loc) {
  requireClosedType(type, "recursive function");
  APLC_INTERNAL_CHECK(type.isFunction(), "letrec of a non-function type");
  requireDefined(fn, "recursive function");
  requireDefined(body, "letrec body");
  const Lambda* lambda = fn.as<Lambda>();
  APLC_INTERNAL_CHECK(lambda && lambda->paramType == type.param(), "letrec: the function must be a lambda of its parameter type");
  return Exp(std::make_shared<const LetRec>(std::move(name), std::move(type), std::move(fn), std::move(body), loc));
}

Exp App::make(Exp fn, Exp arg, SourceLoc loc) {
  requireDefined(fn, "applied function");
  requireDefined(arg, "function argument");
  return Exp(std::make_shared<const App>(std::move(fn), std::move(arg), loc));
}

namespace {

void checkInstance(Prim op, const Type& instance) {
  if (!instance) return;
  size_t n = 0;
  for (Type t = instance; t.isFunction(); t = t.result()) ++n;
  APLC_INTERNAL_CHECK(n == primArity(op), "instance type of " + std::string(primName(op)) +
                                              " has the wrong arity: " + toString(instance));
}

}  // namespace

Exp PrimApp::make(Prim op, std::vector<Exp> args, SourceLoc loc, Type instance) {
  APLC_INTERNAL_CHECK(args.size() == primArity(op), std::string(primName(op)) + " applied to " +
                                                        std::to_string(args.size()) + " arguments");
  for (const Exp& a : args) requireDefined(a, "primitive argument");
  checkInstance(op, instance);
  return Exp(std::make_shared<const PrimApp>(op, std::move(args), std::move(instance), loc));
}

const Type& PrimApp::argType(size_t i) const {
  APLC_INTERNAL_CHECK(instance && i < args.size(), "argType: no instance or index out of range");
  const Type* t = &instance;
  for (size_t k = 0; k < i; ++k) t = &t->result();
  return t->param();
}

const Type& PrimApp::resultType() const {
  APLC_INTERNAL_CHECK(instance, "resultType: primitive application without an instance type");
  const Type* t = &instance;
  for (size_t k = 0; k < args.size(); ++k) t = &t->result();
  return *t;
}

Exp PrimFn::make(Prim op, SourceLoc loc, Type instance) {
  APLC_INTERNAL_CHECK(primArity(op) > 0, "a primitive of arity 0 cannot be a function value");
  checkInstance(op, instance);
  return Exp(std::make_shared<const PrimFn>(op, std::move(instance), loc));
}

Exp Tuple::make(std::vector<Exp> elements, SourceLoc loc) {
  APLC_INTERNAL_CHECK(elements.size() >= 2, "a tuple needs at least two elements");
  for (const Exp& e : elements) requireDefined(e, "tuple element");
  return Exp(std::make_shared<const Tuple>(std::move(elements), loc));
}

Exp Proj::make(size_t index, Exp tuple, SourceLoc loc) {
  requireDefined(tuple, "projected tuple");
  return Exp(std::make_shared<const Proj>(index, std::move(tuple), loc));
}

// ---- Structural equality --------------------------------------------------------------------

namespace {

bool equalAll(const std::vector<Exp>& a, const std::vector<Exp>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (!equalExp(a[i], b[i])) return false;
  return true;
}

}  // namespace

bool equalExp(const Exp& a, const Exp& b) {
  if (a.same(b)) return true;
  if (!a || !b || a.kind() != b.kind()) return false;
  switch (a.kind()) {
    case ExpKind::Var: return a.to<Var>().name == b.to<Var>().name;
    case ExpKind::IntConst: return a.to<IntConst>().value == b.to<IntConst>().value;
    case ExpKind::DoubleConst: {
      double x = a.to<DoubleConst>().value, y = b.to<DoubleConst>().value;
      return std::memcmp(&x, &y, sizeof x) == 0;
    }
    case ExpKind::ComplexConst: {
      const auto &x = a.to<ComplexConst>(), &y = b.to<ComplexConst>();
      return std::memcmp(&x.re, &y.re, sizeof x.re) == 0 && std::memcmp(&x.im, &y.im, sizeof x.im) == 0;
    }
    case ExpKind::BoolConst: return a.to<BoolConst>().value == b.to<BoolConst>().value;
    case ExpKind::CharConst: return a.to<CharConst>().value == b.to<CharConst>().value;
    case ExpKind::ArrayLit: {
      const auto &x = a.to<ArrayLit>(), &y = b.to<ArrayLit>();
      return x.element == y.element && equalAll(x.elements, y.elements);
    }
    case ExpKind::Let: {
      const auto &x = a.to<Let>(), &y = b.to<Let>();
      return x.name == y.name && x.type == y.type && equalExp(x.value, y.value) && equalExp(x.body, y.body);
    }
    case ExpKind::Lambda: {
      const auto &x = a.to<Lambda>(), &y = b.to<Lambda>();
      return x.param == y.param && x.paramType == y.paramType && equalExp(x.body, y.body);
    }
    case ExpKind::App: {
      const auto &x = a.to<App>(), &y = b.to<App>();
      return equalExp(x.fn, y.fn) && equalExp(x.arg, y.arg);
    }
    case ExpKind::PrimApp: {
      const auto &x = a.to<PrimApp>(), &y = b.to<PrimApp>();
      return x.op == y.op && equalAll(x.args, y.args);
    }
    case ExpKind::PrimFn: return a.to<PrimFn>().op == b.to<PrimFn>().op;
    case ExpKind::Tuple: return equalAll(a.to<Tuple>().elements, b.to<Tuple>().elements);
    case ExpKind::Proj: {
      const auto &x = a.to<Proj>(), &y = b.to<Proj>();
      return x.index == y.index && equalExp(x.tuple, y.tuple);
    }
    case ExpKind::LetRec: {
      const auto &x = a.to<LetRec>(), &y = b.to<LetRec>();
      return x.name == y.name && x.type == y.type && equalExp(x.fn, y.fn) && equalExp(x.body, y.body);
    }
  }
  return false;
}

uint32_t maxNameTag(const Exp& e) {
  struct Collect : Visitor {
    uint32_t max = 0;
    void see(const Name& n) { max = std::max(max, n.tag); }
    void visit(const Var& n) override { see(n.name); }
    void visit(const Let& n) override {
      see(n.name);
      Visitor::visit(n);
    }
    void visit(const Lambda& n) override {
      see(n.param);
      Visitor::visit(n);
    }
    void visit(const LetRec& n) override {
      see(n.name);
      Visitor::visit(n);
    }
  } c;
  c.walk(e);
  return c.max;
}

// ---- Visitor --------------------------------------------------------------------------------

void Visitor::walk(const Exp& e) {
  switch (e.kind()) {
    case ExpKind::Var: return visit(e.to<Var>());
    case ExpKind::IntConst: return visit(e.to<IntConst>());
    case ExpKind::DoubleConst: return visit(e.to<DoubleConst>());
    case ExpKind::ComplexConst: return visit(e.to<ComplexConst>());
    case ExpKind::BoolConst: return visit(e.to<BoolConst>());
    case ExpKind::CharConst: return visit(e.to<CharConst>());
    case ExpKind::ArrayLit: return visit(e.to<ArrayLit>());
    case ExpKind::Let: return visit(e.to<Let>());
    case ExpKind::Lambda: return visit(e.to<Lambda>());
    case ExpKind::App: return visit(e.to<App>());
    case ExpKind::PrimApp: return visit(e.to<PrimApp>());
    case ExpKind::PrimFn: return visit(e.to<PrimFn>());
    case ExpKind::Tuple: return visit(e.to<Tuple>());
    case ExpKind::Proj: return visit(e.to<Proj>());
    case ExpKind::LetRec: return visit(e.to<LetRec>());
  }
}

void Visitor::visit(const ArrayLit& n) {
  for (const Exp& e : n.elements) walk(e);
}
void Visitor::visit(const Let& n) {
  walk(n.value);
  walk(n.body);
}
void Visitor::visit(const Lambda& n) { walk(n.body); }
void Visitor::visit(const App& n) {
  walk(n.fn);
  walk(n.arg);
}
void Visitor::visit(const PrimApp& n) {
  for (const Exp& e : n.args) walk(e);
}
void Visitor::visit(const Tuple& n) {
  for (const Exp& e : n.elements) walk(e);
}
void Visitor::visit(const Proj& n) { walk(n.tuple); }
void Visitor::visit(const LetRec& n) {
  walk(n.fn);
  walk(n.body);
}

// ---- Mutator --------------------------------------------------------------------------------

Exp Mutator::mutate(const Exp& e) {
  switch (e.kind()) {
    case ExpKind::Var: return visit(e.to<Var>(), e);
    case ExpKind::IntConst: return visit(e.to<IntConst>(), e);
    case ExpKind::DoubleConst: return visit(e.to<DoubleConst>(), e);
    case ExpKind::ComplexConst: return visit(e.to<ComplexConst>(), e);
    case ExpKind::BoolConst: return visit(e.to<BoolConst>(), e);
    case ExpKind::CharConst: return visit(e.to<CharConst>(), e);
    case ExpKind::ArrayLit: return visit(e.to<ArrayLit>(), e);
    case ExpKind::Let: return visit(e.to<Let>(), e);
    case ExpKind::Lambda: return visit(e.to<Lambda>(), e);
    case ExpKind::App: return visit(e.to<App>(), e);
    case ExpKind::PrimApp: return visit(e.to<PrimApp>(), e);
    case ExpKind::PrimFn: return visit(e.to<PrimFn>(), e);
    case ExpKind::Tuple: return visit(e.to<Tuple>(), e);
    case ExpKind::Proj: return visit(e.to<Proj>(), e);
    case ExpKind::LetRec: return visit(e.to<LetRec>(), e);
  }
  return e;
}

namespace {

// Mutates each element; true if any changed.
bool mutateAll(Mutator& m, const std::vector<Exp>& in, std::vector<Exp>& out) {
  bool changed = false;
  out.reserve(in.size());
  for (const Exp& e : in) {
    out.push_back(m.mutate(e));
    changed |= !out.back().same(e);
  }
  return changed;
}

}  // namespace

Exp Mutator::visit(const ArrayLit& n, const Exp& self) {
  std::vector<Exp> es;
  if (!mutateAll(*this, n.elements, es)) return self;
  return ArrayLit::make(n.element, std::move(es), n.loc);
}

Exp Mutator::visit(const Let& n, const Exp& self) {
  Exp v = mutate(n.value);
  Exp b = mutate(n.body);
  if (v.same(n.value) && b.same(n.body)) return self;
  return Let::make(n.name, n.type, std::move(v), std::move(b), n.loc);
}

Exp Mutator::visit(const Lambda& n, const Exp& self) {
  Exp b = mutate(n.body);
  if (b.same(n.body)) return self;
  return Lambda::make(n.param, n.paramType, std::move(b), n.loc);
}

Exp Mutator::visit(const App& n, const Exp& self) {
  Exp f = mutate(n.fn);
  Exp a = mutate(n.arg);
  if (f.same(n.fn) && a.same(n.arg)) return self;
  return App::make(std::move(f), std::move(a), n.loc);
}

Exp Mutator::visit(const PrimApp& n, const Exp& self) {
  std::vector<Exp> as;
  if (!mutateAll(*this, n.args, as)) return self;
  return PrimApp::make(n.op, std::move(as), n.loc, n.instance);
}

Exp Mutator::visit(const Tuple& n, const Exp& self) {
  std::vector<Exp> es;
  if (!mutateAll(*this, n.elements, es)) return self;
  return Tuple::make(std::move(es), n.loc);
}

Exp Mutator::visit(const Proj& n, const Exp& self) {
  Exp t = mutate(n.tuple);
  if (t.same(n.tuple)) return self;
  return Proj::make(n.index, std::move(t), n.loc);
}

Exp Mutator::visit(const LetRec& n, const Exp& self) {
  Exp f = mutate(n.fn);
  Exp b = mutate(n.body);
  if (f.same(n.fn) && b.same(n.body)) return self;
  return LetRec::make(n.name, n.type, std::move(f), std::move(b), n.loc);
}

}  // namespace aplc::tail
