// TAIL types: construction, normalised shape arithmetic, printing, and the unifier.
#include "tail/ir/Type.h"

#include <algorithm>
#include <atomic>
#include <functional>
#include <optional>
#include <string>

#include "support/Diagnostics.h"

namespace aplc::tail {

namespace {

std::atomic<uint32_t> nextVarId{1};

uint32_t freshId() { return nextVarId.fetch_add(1, std::memory_order_relaxed); }

}  // namespace

// ---- Base -----------------------------------------------------------------------------------

Base Base::fresh() { return variable(freshId()); }

std::string VarNames::name(std::unordered_map<uint32_t, std::string>& m, uint32_t id, const char* letters) {
  auto it = m.find(id);
  if (it != m.end()) return it->second;
  size_t n = m.size();
  size_t count = std::char_traits<char>::length(letters);
  std::string s = "'" + std::string(1, letters[n % count]);
  if (n >= count) s += std::to_string(n / count);
  m.emplace(id, s);
  return s;
}
std::string VarNames::base(uint32_t id) { return name(base_, id, "abcdef"); }
std::string VarNames::shape(uint32_t id) { return name(shape_, id, "nmkpq"); }
std::string VarNames::type(uint32_t id) { return name(type_, id, "tuvw"); }

namespace {

std::string show(Base b, VarNames* names) {
  if (b.isVar() && names) return names->base(b.var);
  return toString(b);
}

}  // namespace

std::string toString(Base b) {
  switch (b.kind) {
    case BaseKind::Int: return "int";
    case BaseKind::Double: return "double";
    case BaseKind::Bool: return "bool";
    case BaseKind::Char: return "char";
    case BaseKind::Complex: return "complex";
    case BaseKind::Var: return "'a" + std::to_string(b.var);
  }
  return "?";
}

// ---- Shape ----------------------------------------------------------------------------------

Shape Shape::variable(uint32_t id) {
  Shape s;
  s.terms_.push_back({id, 1});
  return s;
}

Shape Shape::fresh() { return variable(freshId()); }

bool Shape::isNonNegative() const {
  if (constant_ < 0) return false;
  return std::all_of(terms_.begin(), terms_.end(), [](const Term& t) { return t.second > 0; });
}

int64_t Shape::coefficientOf(uint32_t var) const {
  for (const Term& t : terms_)
    if (t.first == var) return t.second;
  return 0;
}

Shape Shape::operator+(const Shape& other) const {
  // Merge two sorted term lists, adding coefficients and dropping zeros.
  Shape out(constant_ + other.constant_);
  size_t i = 0, j = 0;
  while (i < terms_.size() || j < other.terms_.size()) {
    if (j == other.terms_.size() || (i < terms_.size() && terms_[i].first < other.terms_[j].first)) {
      out.terms_.push_back(terms_[i++]);
    } else if (i == terms_.size() || other.terms_[j].first < terms_[i].first) {
      out.terms_.push_back(other.terms_[j++]);
    } else {
      int64_t k = terms_[i].second + other.terms_[j].second;
      if (k != 0) out.terms_.push_back({terms_[i].first, k});
      ++i;
      ++j;
    }
  }
  return out;
}

Shape Shape::scaled(int64_t k) const {
  if (k == 0) return Shape(0);
  Shape out(constant_ * k);
  for (const Term& t : terms_) out.terms_.push_back({t.first, t.second * k});
  return out;
}

Shape Shape::operator-(const Shape& other) const { return *this + other.scaled(-1); }

Shape Shape::without(uint32_t var) const {
  Shape out(constant_);
  for (const Term& t : terms_)
    if (t.first != var) out.terms_.push_back(t);
  return out;
}

namespace {

std::string intText(int64_t n) {
  // TAIL writes negative numbers with `~`.
  if (n < 0) return "~" + std::to_string(static_cast<uint64_t>(0) - static_cast<uint64_t>(n));
  return std::to_string(n);
}

}  // namespace

namespace {

std::string show(const Shape& s, VarNames* names) {
  std::string out;
  for (const Shape::Term& t : s.terms()) {
    if (!out.empty()) out += "+";
    if (t.second != 1) out += intText(t.second) + "*";
    out += names ? names->shape(t.first) : "'r" + std::to_string(t.first);
  }
  if (s.constant() != 0 || out.empty()) {
    if (!out.empty()) out += "+";
    out += intText(s.constant());
  }
  return out;
}

}  // namespace

std::string toString(const Shape& s) { return show(s, nullptr); }
std::string toString(const Shape& s, VarNames& names) { return show(s, &names); }

// ---- Type nodes -----------------------------------------------------------------------------

class TypeNode {
 public:
  TypeKind kind;
  Base base;
  Shape shape;
  bool magnitude = false;
  uint32_t var = 0;
  std::vector<Type> parts;  // Function: {param, result}; Tuple: components
};

Type Type::array(Base b, Shape rank) {
  return Type(std::make_shared<const TypeNode>(TypeNode{TypeKind::Array, b, std::move(rank), false, 0, {}}));
}
Type Type::vector(Base b, Shape length) {
  return Type(std::make_shared<const TypeNode>(TypeNode{TypeKind::Vector, b, std::move(length), false, 0, {}}));
}
Type Type::singleton(Base b, Shape value) {
  return Type(std::make_shared<const TypeNode>(TypeNode{TypeKind::Singleton, b, std::move(value), false, 0, {}}));
}
Type Type::singletonMagnitude(Base b, Shape value) {
  return Type(std::make_shared<const TypeNode>(TypeNode{TypeKind::Singleton, b, std::move(value), true, 0, {}}));
}
Type Type::singletonVector(Base b, Shape value) {
  return Type(std::make_shared<const TypeNode>(
      TypeNode{TypeKind::SingletonVector, b, std::move(value), false, 0, {}}));
}
Type Type::function(Type param, Type result) {
  APLC_INTERNAL_CHECK(param && result, "function type with a null part");
  return Type(std::make_shared<const TypeNode>(
      TypeNode{TypeKind::Function, Base{}, Shape{}, false, 0, {std::move(param), std::move(result)}}));
}
Type Type::tuple(std::vector<Type> components) {
  APLC_INTERNAL_CHECK(components.size() >= 2, "a tuple type needs at least two components");
  for (const Type& c : components) APLC_INTERNAL_CHECK(c, "tuple type with a null component");
  return Type(std::make_shared<const TypeNode>(
      TypeNode{TypeKind::Tuple, Base{}, Shape{}, false, 0, std::move(components)}));
}
Type Type::variable(uint32_t id) {
  return Type(std::make_shared<const TypeNode>(TypeNode{TypeKind::Var, Base{}, Shape{}, false, id, {}}));
}
Type Type::fresh() { return variable(freshId()); }

TypeKind Type::kind() const {
  APLC_INTERNAL_CHECK(node_, "kind() of a null type");
  return node_->kind;
}
bool Type::hasBase() const {
  if (!node_) return false;
  switch (node_->kind) {
    case TypeKind::Array:
    case TypeKind::Vector:
    case TypeKind::Singleton:
    case TypeKind::SingletonVector: return true;
    default: return false;
  }
}
Base Type::base() const {
  APLC_INTERNAL_CHECK(hasBase(), "base() of a type without a base type");
  return node_->base;
}
const Shape& Type::shape() const {
  APLC_INTERNAL_CHECK(hasBase(), "shape() of a type without a shape");
  return node_->shape;
}
bool Type::magnitude() const { return node_ && node_->magnitude; }
const Type& Type::param() const {
  APLC_INTERNAL_CHECK(isFunction(), "param() of a non-function type");
  return node_->parts[0];
}
const Type& Type::result() const {
  APLC_INTERNAL_CHECK(isFunction(), "result() of a non-function type");
  return node_->parts[1];
}
const std::vector<Type>& Type::components() const {
  APLC_INTERNAL_CHECK(node_ && node_->kind == TypeKind::Tuple, "components() of a non-tuple type");
  return node_->parts;
}
uint32_t Type::var() const {
  APLC_INTERNAL_CHECK(node_ && node_->kind == TypeKind::Var, "var() of a non-variable type");
  return node_->var;
}
Shape Type::rank() const {
  switch (kind()) {
    case TypeKind::Array: return shape();
    case TypeKind::Vector:
    case TypeKind::SingletonVector: return Shape(1);
    case TypeKind::Singleton: return Shape(0);
    default: internalError(__FILE__, __LINE__, "rank() of a non-array type");
  }
}

bool operator==(const Type& a, const Type& b) {
  if (a.node_ == b.node_) return true;
  if (!a.node_ || !b.node_) return false;
  const TypeNode& x = *a.node_;
  const TypeNode& y = *b.node_;
  if (x.kind != y.kind) return false;
  switch (x.kind) {
    case TypeKind::Var: return x.var == y.var;
    case TypeKind::Function:
    case TypeKind::Tuple: return x.parts == y.parts;
    default: return x.base == y.base && x.shape == y.shape && x.magnitude == y.magnitude;
  }
}

namespace {

// Shapes after `]` and `>` need parentheses unless they are a constant or a single variable.
std::string shapeSuffix(const Shape& s, VarNames* names) {
  bool atomic = (s.isConstant() && s.constant() >= 0) || s.isVariable();
  return atomic ? show(s, names) : "(" + show(s, names) + ")";
}

std::string show(const Type& t, VarNames* names) {
  if (!t) return "<unknown>";
  switch (t.kind()) {
    case TypeKind::Array: return "[" + show(t.base(), names) + "]" + shapeSuffix(t.shape(), names);
    case TypeKind::Vector: return "<" + show(t.base(), names) + ">" + shapeSuffix(t.shape(), names);
    case TypeKind::Singleton:
      if (t.magnitude()) return "S(" + show(t.base(), names) + ",|" + show(t.shape(), names) + "|)";
      return "S(" + show(t.base(), names) + "," + show(t.shape(), names) + ")";
    case TypeKind::SingletonVector:
      return "SV(" + show(t.base(), names) + "," + show(t.shape(), names) + ")";
    case TypeKind::Function: {
      std::string p = show(t.param(), names);
      if (t.param().isFunction()) p = "(" + p + ")";
      return p + " -> " + show(t.result(), names);
    }
    case TypeKind::Tuple: {
      std::string out = "(";
      for (size_t i = 0; i < t.components().size(); ++i) {
        if (i) out += " * ";
        const Type& c = t.components()[i];
        out += c.isFunction() ? "(" + show(c, names) + ")" : show(c, names);
      }
      return out + ")";
    }
    case TypeKind::Var: return names ? names->type(t.var()) : "'t" + std::to_string(t.var());
  }
  return "?";
}

}  // namespace

std::string toString(const Type& t) { return show(t, nullptr); }
std::string toString(const Type& t, VarNames& names) { return show(t, &names); }

bool hasVariables(const Type& t) {
  switch (t.kind()) {
    case TypeKind::Var: return true;
    case TypeKind::Function:
    case TypeKind::Tuple: {
      const std::vector<Type>& parts =
          t.kind() == TypeKind::Tuple ? t.components() : std::vector<Type>{t.param(), t.result()};
      return std::any_of(parts.begin(), parts.end(), [](const Type& p) { return hasVariables(p); });
    }
    default: return t.base().isVar() || !t.shape().isConstant();
  }
}

bool hasValidShapes(const Type& t) {
  switch (t.kind()) {
    case TypeKind::Var: return true;
    case TypeKind::Function: return hasValidShapes(t.param()) && hasValidShapes(t.result());
    case TypeKind::Tuple:
      return std::all_of(t.components().begin(), t.components().end(),
                         [](const Type& c) { return hasValidShapes(c); });
    case TypeKind::Array:
    case TypeKind::Vector: return t.shape().isNonNegative();
    default: return true;
  }
}

// ---- Schemes --------------------------------------------------------------------------------

size_t Scheme::arity() const {
  size_t n = 0;
  for (Type t = body; t.isFunction(); t = t.result()) ++n;
  return n;
}

std::string toString(const Scheme& s) {
  std::string vars;
  for (uint32_t v : s.baseVars) vars += " " + toString(Base::variable(v));
  for (uint32_t v : s.shapeVars) vars += " 'r" + std::to_string(v);
  for (uint32_t v : s.typeVars) vars += " 't" + std::to_string(v);
  if (vars.empty()) return toString(s.body);
  return "forall" + vars + ". " + toString(s.body);
}

// ---- Substitution helpers -------------------------------------------------------------------

namespace {

// Rebuilds `t` with every base, shape and type variable replaced as the three maps say.
struct VarMap {
  std::function<Base(Base)> base;
  std::function<Shape(const Shape&)> shape;
  std::function<Type(const Type&)> typeVar;  // called on Var nodes

  Type apply(const Type& t) const {
    switch (t.kind()) {
      case TypeKind::Array: return Type::array(base(t.base()), shape(t.shape()));
      case TypeKind::Vector: return Type::vector(base(t.base()), shape(t.shape()));
      case TypeKind::Singleton:
        return t.magnitude() ? Type::singletonMagnitude(base(t.base()), shape(t.shape()))
                             : Type::singleton(base(t.base()), shape(t.shape()));
      case TypeKind::SingletonVector: return Type::singletonVector(base(t.base()), shape(t.shape()));
      case TypeKind::Function: return Type::function(apply(t.param()), apply(t.result()));
      case TypeKind::Tuple: {
        std::vector<Type> cs;
        for (const Type& c : t.components()) cs.push_back(apply(c));
        return Type::tuple(std::move(cs));
      }
      case TypeKind::Var: return typeVar(t);
    }
    return t;
  }
};

Shape substituteShape(const Shape& s, const std::function<Shape(uint32_t)>& forVar) {
  Shape out(s.constant());
  for (const Shape::Term& term : s.terms()) out = out + forVar(term.first).scaled(term.second);
  return out;
}

}  // namespace

// ---- Unifier --------------------------------------------------------------------------------

Type Unifier::instantiate(const Scheme& s) {
  std::unordered_map<uint32_t, uint32_t> renamed;
  for (uint32_t v : s.baseVars) renamed[v] = freshId();
  for (uint32_t v : s.shapeVars) renamed[v] = freshId();
  for (uint32_t v : s.typeVars) renamed[v] = freshId();
  auto rename = [&](uint32_t v) {
    auto it = renamed.find(v);
    return it == renamed.end() ? v : it->second;
  };
  VarMap m{
      [&](Base b) { return b.isVar() ? Base::variable(rename(b.var)) : b; },
      [&](const Shape& sh) {
        return substituteShape(sh, [&](uint32_t v) { return Shape::variable(rename(v)); });
      },
      [&](const Type& t) { return Type::variable(rename(t.var())); },
  };
  return m.apply(s.body);
}

Base Unifier::resolve(Base b) const {
  while (b.isVar()) {
    auto it = bases_.find(b.var);
    if (it == bases_.end()) break;
    b = it->second;
  }
  return b;
}

Shape Unifier::resolve(const Shape& s) const {
  return substituteShape(s, [&](uint32_t v) {
    auto it = shapes_.find(v);
    return it == shapes_.end() ? Shape::variable(v) : resolve(it->second);
  });
}

Type Unifier::resolve(const Type& t) const {
  if (!t) return t;
  VarMap m{
      [&](Base b) { return resolve(b); },
      [&](const Shape& sh) { return resolve(sh); },
      [&](const Type& v) {
        auto it = types_.find(v.var());
        return it == types_.end() ? v : resolve(it->second);
      },
  };
  return m.apply(t);
}

void Unifier::bindBase(uint32_t v, Base b) {
  bases_[v] = b;
  trail_.push_back({VarSort::Base, v});
}
void Unifier::bindShape(uint32_t v, const Shape& s) {
  shapes_[v] = s;
  trail_.push_back({VarSort::Shape, v});
}
void Unifier::bindType(uint32_t v, const Type& t) {
  types_[v] = t;
  trail_.push_back({VarSort::Type, v});
}

void Unifier::undo(size_t m) {
  while (trail_.size() > m) {
    auto [sort, v] = trail_.back();
    trail_.pop_back();
    if (sort == VarSort::Base) bases_.erase(v);
    if (sort == VarSort::Shape) shapes_.erase(v);
    if (sort == VarSort::Type) types_.erase(v);
  }
}

void Unifier::unify(Base a, Base b) {
  a = resolve(a);
  b = resolve(b);
  if (a == b) return;
  if (a.isVar()) return bindBase(a.var, b);
  if (b.isVar()) return bindBase(b.var, a);
  throw UnifyFailure{"base type " + toString(a) + " does not match " + toString(b)};
}

void Unifier::unify(const Shape& a, const Shape& b) { unifyShapes(a, b, false); }
void Unifier::unifyValue(const Shape& a, const Shape& b) { unifyShapes(a, b, true); }

void Unifier::unifyShapes(const Shape& a, const Shape& b, bool isValue) {
  Shape ra = resolve(a);
  Shape rb = resolve(b);
  Shape diff = ra - rb;  // solve diff == 0
  if (diff.isConstant()) {
    if (diff.constant() == 0) return;
    throw UnifyFailure{"shape " + toString(ra) + " does not match " + toString(rb)};
  }
  // Solve for a variable with coefficient ±1 whose solution is itself a valid shape: a sum with
  // non-negative coefficients and constant, or (for a singleton's value only) any constant.
  for (const Shape::Term& term : diff.terms()) {
    if (term.second != 1 && term.second != -1) continue;
    Shape solution = diff.without(term.first).scaled(-term.second);
    if (solution.isNonNegative() || (isValue && solution.isConstant())) return bindShape(term.first, solution);
  }
  throw UnifyFailure{"shape " + toString(ra) + " does not match " + toString(rb)};
}

bool Unifier::occurs(uint32_t typeVar, const Type& t) const {
  Type r = resolve(t);
  switch (r.kind()) {
    case TypeKind::Var: return r.var() == typeVar;
    case TypeKind::Function: return occurs(typeVar, r.param()) || occurs(typeVar, r.result());
    case TypeKind::Tuple:
      for (const Type& c : r.components())
        if (occurs(typeVar, c)) return true;
      return false;
    default: return false;
  }
}

namespace {

// One step of resolution for whole-type variables, so kinds can be compared.
Type shallow(const std::unordered_map<uint32_t, Type>& types, Type t) {
  while (t && t.kind() == TypeKind::Var) {
    auto it = types.find(t.var());
    if (it == types.end()) break;
    t = it->second;
  }
  return t;
}

}  // namespace

void Unifier::unifySingletonMagnitude(const Shape& actualValue, const Shape& schemeValue) {
  // S(int,c) against S(int,|ρ|): ρ is |c|. A non-constant singleton value comes from a shape
  // (shapeV/firstV) and so is already non-negative.
  Shape v = resolve(actualValue);
  if (v.isConstant() && v.constant() < 0) v = Shape(-v.constant());
  unifyValue(v, schemeValue);
}

void Unifier::unify(const Type& a0, const Type& b0) {
  Type a = shallow(types_, a0);
  Type b = shallow(types_, b0);
  if (a.kind() == TypeKind::Var || b.kind() == TypeKind::Var) {
    if (a.kind() == TypeKind::Var && b.kind() == TypeKind::Var && a.var() == b.var()) return;
    const Type& v = a.kind() == TypeKind::Var ? a : b;
    const Type& other = a.kind() == TypeKind::Var ? b : a;
    if (occurs(v.var(), other))
      throw UnifyFailure{"type " + toString(resolve(other)) + " would contain itself"};
    return bindType(v.var(), other);
  }
  if (a.kind() != b.kind())
    throw UnifyFailure{"type " + toString(resolve(a)) + " does not match " + toString(resolve(b))};
  switch (a.kind()) {
    case TypeKind::Function:
      unify(a.param(), b.param());
      unify(a.result(), b.result());
      return;
    case TypeKind::Tuple:
      if (a.components().size() != b.components().size())
        throw UnifyFailure{"tuple " + toString(resolve(a)) + " does not match " + toString(resolve(b))};
      for (size_t i = 0; i < a.components().size(); ++i) unify(a.components()[i], b.components()[i]);
      return;
    default:
      unify(a.base(), b.base());
      if (b.magnitude() && !a.magnitude()) return unifySingletonMagnitude(a.shape(), b.shape());
      if (a.magnitude() && !b.magnitude()) return unifySingletonMagnitude(b.shape(), a.shape());
      if (a.kind() == TypeKind::Singleton || a.kind() == TypeKind::SingletonVector)
        return unifyValue(a.shape(), b.shape());
      return unify(a.shape(), b.shape());
  }
}

void Unifier::subtype(const Type& actual0, const Type& expected0) {
  Type actual = shallow(types_, actual0);
  Type expected = shallow(types_, expected0);
  if (actual.kind() == TypeKind::Var || expected.kind() == TypeKind::Var) return unify(actual, expected);
  auto mismatch = [&]() {
    return UnifyFailure{"expected " + toString(resolve(expected)) + ", found " + toString(resolve(actual))};
  };
  if (actual.kind() == TypeKind::Function && expected.kind() == TypeKind::Function) {
    subtype(expected.param(), actual.param());  // contravariant
    subtype(actual.result(), expected.result());
    return;
  }
  if (actual.kind() == TypeKind::Tuple && expected.kind() == TypeKind::Tuple) {
    if (actual.components().size() != expected.components().size()) throw mismatch();
    for (size_t i = 0; i < actual.components().size(); ++i)
      subtype(actual.components()[i], expected.components()[i]);
    return;
  }
  if (!actual.hasBase() || !expected.hasBase()) throw mismatch();
  // Array-like on both sides: the element types always agree; the rest depends on the kinds.
  size_t m = mark();
  try {
    if (actual.kind() == expected.kind()) {
      unify(actual, expected);
      return;
    }
    unify(actual.base(), expected.base());
    TypeKind from = actual.kind();
    TypeKind to = expected.kind();
    if (to == TypeKind::Array && from != TypeKind::Array) {
      // Rules 3.3 and 3.5 (and 3.4 then 3.3 for SV): only the rank is left to agree.
      return unify(actual.rank(), expected.shape());
    }
    if (to == TypeKind::Vector && from == TypeKind::SingletonVector) {
      return unify(Shape(1), expected.shape());  // rule 3.4
    }
  } catch (const UnifyFailure&) {
    undo(m);
    throw mismatch();
  }
  throw mismatch();
}

bool Unifier::tryUnify(const Type& a, const Type& b) {
  size_t m = mark();
  try {
    unify(a, b);
    return true;
  } catch (const UnifyFailure&) {
    undo(m);
    return false;
  }
}

bool Unifier::trySubtype(const Type& actual, const Type& expected) {
  size_t m = mark();
  try {
    subtype(actual, expected);
    return true;
  } catch (const UnifyFailure&) {
    undo(m);
    return false;
  }
}

bool isSubtype(const Type& a, const Type& b) {
  Unifier u;
  return u.trySubtype(a, b);
}

Type joinTypes(const Type& a, const Type& b) {
  if (!a || !b || hasVariables(a) || hasVariables(b)) return Type();
  if (isSubtype(a, b)) return b;
  if (isSubtype(b, a)) return a;
  if (a.kind() == TypeKind::Tuple && b.kind() == TypeKind::Tuple) {
    if (a.components().size() != b.components().size()) return Type();
    std::vector<Type> parts;
    for (size_t i = 0; i < a.components().size(); ++i) {
      Type j = joinTypes(a.components()[i], b.components()[i]);
      if (!j) return Type();
      parts.push_back(j);
    }
    return Type::tuple(parts);
  }
  if (!a.hasBase() || !b.hasBase() || !(a.base() == b.base()) || !(a.rank() == b.rank())) return Type();
  auto length = [](const Type& t) -> std::optional<int64_t> {
    if (t.kind() == TypeKind::SingletonVector) return 1;
    if (t.kind() == TypeKind::Vector && t.shape().isConstant()) return t.shape().constant();
    return std::nullopt;
  };
  auto la = length(a), lb = length(b);
  if (la && lb && *la == *lb) return Type::vector(a.base(), Shape(*la));
  return Type::array(a.base(), a.rank());
}

}  // namespace aplc::tail
