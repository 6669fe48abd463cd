// The elaborator's core: values, the let builder (scopes of pending bindings, lambdas), types of
// built pieces (asked of the TAIL checker), constants and coercions.
#include <algorithm>
#include <cmath>
#include <set>

#include "apl/ElabCore.h"
#include "support/Diagnostics.h"
#include "tail/ir/Print.h"
#include "tail/ir/TypeCheck.h"

namespace aplc::apl::elab {

using tail::BaseKind;
using tail::Prim;
using tail::TypeKind;

// ------------------------------------------------------------------------------------ errors

void fail(SourceLoc loc, const std::string& message) { throw UserError(loc, message); }

void notSupported(SourceLoc loc, const std::string& what) { throw UserError(loc, "not supported: " + what); }

// ------------------------------------------------------------------------------------ values

int64_t Val::rank() const {
  APLC_INTERNAL_CHECK(!isTuple() && type, "rank of a tuple or untyped value");
  return type.rank().constant();
}

Base Val::base() const {
  APLC_INTERNAL_CHECK(!isTuple() && type && type.hasBase(), "base of a tuple or untyped value");
  return type.base();
}

std::optional<int64_t> Val::staticLength() const {
  if (isTuple() || !type) return std::nullopt;
  if (type.kind() == TypeKind::SingletonVector) return 1;
  if (type.kind() == TypeKind::Vector && type.shape().isConstant()) return type.shape().constant();
  if (const auto* lit = exp.as<tail::ArrayLit>()) return static_cast<int64_t>(lit->elements.size());
  if (known)
    if (const auto* lit = known.as<tail::ArrayLit>()) return static_cast<int64_t>(lit->elements.size());
  return std::nullopt;
}

namespace {

std::optional<int64_t> constantInt(const Exp& e) {
  if (const auto* i = e.as<tail::IntConst>()) return i->value;
  if (const auto* b = e.as<tail::BoolConst>()) return b->value ? 1 : 0;
  return std::nullopt;
}

}  // namespace

std::optional<int64_t> Val::knownInt() const {
  if (isTuple() || !type) return std::nullopt;
  if (auto c = constantInt(exp)) return c;
  if (type.kind() == TypeKind::Singleton && type.shape().isConstant() &&
      (type.base().kind == BaseKind::Int || type.base().kind == BaseKind::Bool))
    return type.shape().constant();
  if (type.kind() == TypeKind::SingletonVector && type.shape().isConstant() &&
      (type.base().kind == BaseKind::Int || type.base().kind == BaseKind::Bool))
    return type.shape().constant();
  return std::nullopt;
}

std::optional<std::vector<int64_t>> Val::knownInts() const {
  if (isTuple() || !type) return std::nullopt;
  if (rank() == 0) {
    if (auto c = knownInt()) return std::vector<int64_t>{*c};
    return std::nullopt;
  }
  if (type.kind() == TypeKind::SingletonVector) {
    if (auto c = knownInt()) return std::vector<int64_t>{*c};
  }
  const tail::ArrayLit* lit = exp.as<tail::ArrayLit>();
  if (!lit && known) lit = known.as<tail::ArrayLit>();
  if (!lit) return std::nullopt;
  std::vector<int64_t> out;
  for (const Exp& e : lit->elements) {
    auto c = constantInt(e);
    if (!c) return std::nullopt;
    out.push_back(*c);
  }
  return out;
}

int promotionRank(Base b) {
  switch (b.kind) {
    case BaseKind::Bool: return 0;
    case BaseKind::Int: return 1;
    case BaseKind::Double: return 2;
    case BaseKind::Complex: return 3;
    default: return -1;
  }
}

std::string describeBase(Base b) {
  switch (b.kind) {
    case BaseKind::Bool: return "boolean";
    case BaseKind::Int: return "integer";
    case BaseKind::Double: return "double";
    case BaseKind::Char: return "character";
    case BaseKind::Complex: return "complex";
    default: return "unknown";
  }
}

Base joinBase(Base a, Base b, SourceLoc loc) {
  if (a == b) return a;
  if (a.kind == BaseKind::Char || b.kind == BaseKind::Char)
    notSupported(loc, "arrays mixing characters and numbers");
  return promotionRank(a) >= promotionRank(b) ? a : b;
}

FnVal primitiveFn(char32_t g) {
  FnVal f;
  f.glyph = g;
  f.apply = [g](Elaborator& el, const Val* l, const Val& r, SourceLoc loc) {
    return l ? el.primitiveDyadic(g, *l, r, loc) : el.primitiveMonadic(g, r, loc);
  };
  return f;
}

// ------------------------------------------------------------------------------- let building

Elaborator::Elaborator(const ast::Program& program, const ElabOptions& options)
    : program_(program), options_(options), annotations_(collectAnnotations(program)) {
  env_ = newEnv(nullptr);
  scopes_.emplace_back();
}

namespace {

// The variables an expression mentions (names are unique, so binders need no special care).
struct VarsUsed : tail::Visitor {
  std::set<tail::Name> names;
  void visit(const tail::Var& v) override { names.insert(v.name); }
};

bool isAtomic(const Exp& e) {
  switch (e.kind()) {
    case tail::ExpKind::Var:
    case tail::ExpKind::IntConst:
    case tail::ExpKind::DoubleConst:
    case tail::ExpKind::ComplexConst:
    case tail::ExpKind::BoolConst:
    case tail::ExpKind::CharConst: return true;
    default: return false;
  }
}

bool isSmallConstantLiteral(const Exp& e) {
  const auto* lit = e.as<tail::ArrayLit>();
  if (!lit || lit->elements.size() > 16) return false;
  return std::all_of(lit->elements.begin(), lit->elements.end(), [](const Exp& x) {
    return x.kind() != tail::ExpKind::Var && isAtomic(x);
  });
}

bool isConstantLiteral(const Exp& e) {
  const auto* lit = e.as<tail::ArrayLit>();
  if (!lit) return false;
  return std::all_of(lit->elements.begin(), lit->elements.end(), [](const Exp& x) {
    return x.kind() != tail::ExpKind::Var && isAtomic(x);
  });
}

}  // namespace

Type Elaborator::typeOfExp(const Exp& e) {
  VarsUsed used;
  used.walk(e);
  std::map<tail::Name, Type> free;
  for (const tail::Name& n : used.names) {
    auto it = varTypes_.find(n);
    if (it != varTypes_.end()) free.emplace(n, it->second);
  }
  try {
    return tail::typeOf(e, free);
  } catch (const UserError& err) {
    throw InternalError("elaboration built ill-typed TAIL: " + err.diagnostic().message);
  }
}

Val Elaborator::bind(Exp e, SourceLoc loc, const char* base) {
  if (isAtomic(e) || isSmallConstantLiteral(e)) return Val{e, typeOfExp(e), {}, isConstantLiteral(e) ? e : Exp(), {}};
  Type t = typeOfExp(e);
  tail::Name n = names_.fresh(base);
  varTypes_[n] = t;
  Exp known = isConstantLiteral(e) ? e : Exp();
  scopes_.back().push_back({n, t, std::move(e), loc});
  return expandTuple(Val{tail::Var::make(n, loc), t, {}, known, {}}, loc);
}

Val Elaborator::bindTuple(std::vector<Val> items, SourceLoc loc) {
  std::vector<Exp> parts;
  for (const Val& v : items) parts.push_back(v.exp);
  Exp e = tail::Tuple::make(std::move(parts), loc);
  Type t = typeOfExp(e);
  tail::Name n = names_.fresh("t");
  varTypes_[n] = t;
  scopes_.back().push_back({n, t, std::move(e), loc});
  return Val{tail::Var::make(n, loc), t, std::move(items), {}, {}};
}

Val Elaborator::bindAs(Exp e, const Type& type, SourceLoc loc) {
  tail::Name n = names_.fresh("r");
  varTypes_[n] = type;
  scopes_.back().push_back({n, type, std::move(e), loc, true});
  return expandTuple(Val{tail::Var::make(n, loc), type, {}, {}, {}}, loc);
}

Val Elaborator::expandTuple(const Val& v, SourceLoc loc) {
  if (!v.type || v.type.kind() != TypeKind::Tuple || v.isTuple()) return v;
  Val out = v;
  for (size_t i = 0; i < v.type.components().size(); ++i)
    out.items.push_back(expandTuple(bind(tail::Proj::make(i, v.exp, loc), loc), loc));
  return out;
}

void Elaborator::pushScope() { scopes_.emplace_back(); }

Exp Elaborator::popScope(Exp result) {
  std::vector<LetBinding> bindings = std::move(scopes_.back());
  scopes_.pop_back();
  // `let v = e in v` is just e.
  if (!bindings.empty()) {
    const tail::Var* rv = result.as<tail::Var>();
    if (rv && rv->name == bindings.back().name && !bindings.back().forced && !bindings.back().recursive) {
      result = bindings.back().value;
      bindings.pop_back();
    }
  }
  for (auto it = bindings.rbegin(); it != bindings.rend(); ++it)
    result = it->recursive ? tail::LetRec::make(it->name, it->type, it->value, result, it->loc)
                           : tail::Let::make(it->name, it->type, it->value, result, it->loc);
  return result;
}

namespace {

// fn x => op(x) is op; fn x => fn y => op(x,y) is op.
Exp etaReduce(const Exp& body, const std::vector<tail::Name>& params) {
  const auto* app = body.as<tail::PrimApp>();
  if (!app || app->args.size() != params.size() || tail::primArity(app->op) != params.size()) return {};
  for (size_t i = 0; i < params.size(); ++i) {
    const auto* v = app->args[i].as<tail::Var>();
    if (!v || v->name != params[i]) return {};
  }
  return tail::PrimFn::make(app->op, body.loc());
}

}  // namespace

Exp Elaborator::lambda(const Type& paramType, const std::function<Val(const Val&)>& body, Type* resultOut,
                       const Type& resultType) {
  tail::Name p = names_.fresh("x");
  varTypes_[p] = paramType;
  enterLambda();
  pushScope();
  Val r = body(expandTuple(Val{tail::Var::make(p), paramType, {}, {}, {}}, {}));
  if (r.isTuple() && !r.exp) r = bindTuple(r.items, {});
  if (resultType) {
    r = coerceTo(r, resultType, {});
    if (!(r.type == resultType)) r = bindAs(r.exp, resultType, {});
  }
  if (resultOut) *resultOut = r.type;
  Exp b = popScope(r.exp);
  leaveLambda();
  if (Exp eta = etaReduce(b, {p})) return eta;
  return tail::Lambda::make(p, paramType, b);
}

Exp Elaborator::lambda2(const Type& t1, const Type& t2, const std::function<Val(const Val&, const Val&)>& body,
                        Type* resultOut) {
  tail::Name p1 = names_.fresh("x");
  tail::Name p2 = names_.fresh("y");
  varTypes_[p1] = t1;
  varTypes_[p2] = t2;
  enterLambda();
  pushScope();
  Val r = body(expandTuple(Val{tail::Var::make(p1), t1, {}, {}, {}}, {}), expandTuple(Val{tail::Var::make(p2), t2, {}, {}, {}}, {}));
  if (resultOut) *resultOut = r.type;
  Exp b = popScope(r.exp);
  leaveLambda();
  if (Exp eta = etaReduce(b, {p1, p2})) return eta;
  return tail::Lambda::make(p1, t1, tail::Lambda::make(p2, t2, b));
}

Exp Elaborator::prim(Prim op, std::vector<Exp> args, SourceLoc loc) {
  return tail::PrimApp::make(op, std::move(args), loc);
}

Val Elaborator::bindPrim(Prim op, std::vector<Exp> args, SourceLoc loc) { return bind(prim(op, std::move(args), loc), loc); }

// ---------------------------------------------------------------------------- constants

Val Elaborator::intConst(int64_t v) { return bind(tail::IntConst::make(v), {}); }
Val Elaborator::doubleConst(double v) { return bind(tail::DoubleConst::make(v), {}); }
Val Elaborator::boolConst(bool v) { return bind(tail::BoolConst::make(v), {}); }

Exp Elaborator::fillExp(Base b) {
  switch (b.kind) {
    case BaseKind::Int: return tail::IntConst::make(0);
    case BaseKind::Double: return tail::DoubleConst::make(0.0);
    case BaseKind::Bool: return tail::BoolConst::make(false);
    case BaseKind::Char: return tail::CharConst::make(U' ');
    case BaseKind::Complex: return tail::ComplexConst::make(0.0, 0.0);
    default: throw InternalError("fill of a variable base");
  }
}

Val Elaborator::fillValue(Base b) { return bind(fillExp(b), {}); }

// -------------------------------------------------------------------------------- coercions

namespace {

std::optional<Prim> conversionPrim(Base from, Base to) {
  if (from.kind == BaseKind::Bool && to.kind == BaseKind::Int) return Prim::B2I;
  if (from.kind == BaseKind::Bool && to.kind == BaseKind::Double) return Prim::B2D;
  if (from.kind == BaseKind::Int && to.kind == BaseKind::Double) return Prim::I2D;
  if (from.kind == BaseKind::Int && to.kind == BaseKind::Bool) return Prim::I2B;
  if (from.kind == BaseKind::Double && to.kind == BaseKind::Complex) return Prim::D2Z;
  // Where an integer is needed, a whole number held as a double is one (Dyalog).
  if (from.kind == BaseKind::Double && to.kind == BaseKind::Int) return Prim::D2IW;
  return std::nullopt;
}

// The constant `c` converted to base `to` at compile time, if it is a constant.
std::optional<Exp> convertConstant(const Exp& c, Base to, SourceLoc loc) {
  std::optional<double> d;
  std::optional<int64_t> i;
  if (const auto* x = c.as<tail::IntConst>()) i = x->value;
  else if (const auto* x = c.as<tail::BoolConst>()) i = x->value ? 1 : 0;
  else if (const auto* x = c.as<tail::DoubleConst>()) d = x->value;
  else return std::nullopt;
  switch (to.kind) {
    case BaseKind::Double: return tail::DoubleConst::make(i ? static_cast<double>(*i) : *d, c.loc());
    case BaseKind::Complex: return tail::ComplexConst::make(i ? static_cast<double>(*i) : *d, 0.0, c.loc());
    case BaseKind::Int:
      if (i) return tail::IntConst::make(*i, c.loc());
      // A whole double within the comparison tolerance; anything else is d2iw's DOMAIN ERROR at run time.
      if (d && std::isfinite(*d) && std::fabs(*d) < 9007199254740992.0 &&
          std::fabs(*d - std::round(*d)) <= 1e-14 * std::fabs(*d))
        return tail::IntConst::make(static_cast<int64_t>(std::round(*d)), c.loc());
      return std::nullopt;
    case BaseKind::Bool:
      if (!i) return std::nullopt;
      if (*i != 0 && *i != 1) fail(loc, "DOMAIN ERROR: " + std::to_string(*i) + " is not a boolean (0 or 1)");
      return tail::BoolConst::make(*i == 1, c.loc());
    default: return std::nullopt;
  }
}

}  // namespace

Val Elaborator::convert(const Val& v, Base to, SourceLoc loc) {
  requireArray(v, loc);
  Base from = v.base();
  if (from == to) return v;
  if (from.kind == BaseKind::Char) fail(loc, "DOMAIN ERROR: a character where a number is needed");
  if (to.kind == BaseKind::Char) fail(loc, "DOMAIN ERROR: a number where a character is needed");
  // Booleans and integers become complex through double (i2d then d2z), constants directly.
  bool viaDouble = to.kind == BaseKind::Complex && from.kind != BaseKind::Double;
  if (viaDouble && !convertConstant(v.exp, to, loc)) return convert(convert(v, Base::doubleT(), loc), to, loc);
  std::optional<Prim> op = conversionPrim(from, to);
  if (!op && !viaDouble)
    fail(loc, "DOMAIN ERROR: " + describeBase(from) + " values where " + describeBase(to) + " values are needed");
  if (auto c = convertConstant(v.exp, to, loc)) return bind(*c, loc);
  APLC_INTERNAL_CHECK(op.has_value(), "convert: a constant that did not convert");
  const tail::ArrayLit* lit = v.exp.as<tail::ArrayLit>();
  if (!lit && v.known) lit = v.known.as<tail::ArrayLit>();
  if (lit) {
    std::vector<Exp> converted;
    for (const Exp& e : lit->elements) {
      auto c = convertConstant(e, to, loc);
      if (!c) break;
      converted.push_back(*c);
    }
    if (converted.size() == lit->elements.size()) return bind(tail::ArrayLit::make(to, converted, loc), loc);
  }
  if (v.rank() == 0) return bindPrim(*op, {v.exp}, loc);
  if (v.staticLength()) return bindPrim(Prim::EachV, {tail::PrimFn::make(*op, loc), v.exp}, loc);
  return bindPrim(Prim::Each, {tail::PrimFn::make(*op, loc), v.exp}, loc);
}

Val Elaborator::coerceTo(const Val& v, const Type& target, SourceLoc loc) {
  if (target.kind() == TypeKind::Tuple) {
    if (!v.isTuple() || v.items.size() != target.components().size())
      notSupported(loc, "a value that is sometimes a tuple and sometimes not");
    std::vector<Val> items;
    bool changed = false;
    for (size_t i = 0; i < v.items.size(); ++i) {
      items.push_back(coerceTo(v.items[i], target.components()[i], loc));
      changed = changed || !items.back().exp.same(v.items[i].exp);
    }
    return changed ? bindTuple(std::move(items), loc) : v;
  }
  if (v.isTuple()) notSupported(loc, "a value that is sometimes a tuple and sometimes not");
  return convert(v, target.base(), loc);
}

Type Elaborator::joinTypes(const Type& a, const Type& b, SourceLoc loc) {
  if (a == b) return a;
  if (a.kind() == TypeKind::Tuple || b.kind() == TypeKind::Tuple) {
    if (a.kind() != b.kind() || a.components().size() != b.components().size())
      notSupported(loc, "values of different structure (tuple and array) in one place");
    std::vector<Type> parts;
    for (size_t i = 0; i < a.components().size(); ++i)
      parts.push_back(joinTypes(a.components()[i], b.components()[i], loc));
    return Type::tuple(parts);
  }
  int64_t ra = a.rank().constant(), rb = b.rank().constant();
  if (ra != rb)
    fail(loc, "RANK ERROR: values of rank " + std::to_string(ra) + " and " + std::to_string(rb) +
                  " where one rank is needed (e.g. two guard results, or a ⍣ argument or loop variable whose rank changes; r←,x makes a vector of a scalar)");
  Base base = joinBase(a.base(), b.base(), loc);
  auto lengthOf = [](const Type& t) -> std::optional<int64_t> {
    if (t.kind() == TypeKind::SingletonVector) return 1;
    if (t.kind() == TypeKind::Vector && t.shape().isConstant()) return t.shape().constant();
    return std::nullopt;
  };
  if (ra == 1) {
    auto la = lengthOf(a), lb = lengthOf(b);
    if (la && lb && *la == *lb) return Type::vector(base, *la);
  }
  return Type::array(base, ra);
}

void Elaborator::requireArray(const Val& v, SourceLoc loc) {
  if (v.isTuple()) notSupported(loc, "a nested array (tuple) here; only simple arrays are supported");
}

Val Elaborator::toVector(const Val& v, SourceLoc loc) {
  requireArray(v, loc);
  if (v.rank() == 1) return v;
  if (v.rank() == 0) return bind(tail::ArrayLit::make(v.base(), {v.exp}, loc), loc);
  return ravel(v, loc);
}

Val Elaborator::vectorOfLength(const Val& v0, int64_t n, SourceLoc loc, const char* what) {
  Val v = toVector(v0, loc);
  if (auto len = v.staticLength()) {
    if (*len != n)
      fail(loc, std::string("LENGTH ERROR: ") + what + " has " + std::to_string(*len) + " items where " +
                    std::to_string(n) + " are needed");
    return v;
  }
  Val checked = bindPrim(Prim::Reshape0, {tail::ArrayLit::make(Base::intT(), {tail::IntConst::make(n)}), v.exp}, loc);
  std::vector<Exp> items;
  for (int64_t i = 1; i <= n; ++i)
    items.push_back(bindPrim(Prim::Index, {tail::IntConst::make(1), tail::IntConst::make(i), checked.exp}, loc).exp);
  return bind(tail::ArrayLit::make(v.base(), items, loc), loc);
}

Val Elaborator::requireScalarInt(const Val& v, SourceLoc loc, const char* what) {
  requireArray(v, loc);
  Val s = v;
  if (s.rank() == 1 && s.staticLength() == 1) s = first(s, loc);
  if (s.rank() != 0) fail(loc, std::string("RANK ERROR: ") + what + " must be a scalar");
  return convert(s, Base::intT(), loc);
}

Val Elaborator::requireScalarBool(const Val& v, SourceLoc loc, const char* what) {
  requireArray(v, loc);
  Val s = v;
  if (s.rank() == 1 && s.staticLength() == 1) s = first(s, loc);
  if (s.rank() != 0) fail(loc, std::string("RANK ERROR: ") + what + " must be a scalar");
  return convert(s, Base::boolT(), loc);
}

Val Elaborator::shapeOf(const Val& v, SourceLoc loc) {
  requireArray(v, loc);
  if (v.rank() == 0) return bind(tail::ArrayLit::make(Base::intT(), {}, loc), loc);
  if (auto n = v.staticLength()) return bind(tail::ArrayLit::make(Base::intT(), {tail::IntConst::make(*n)}, loc), loc);
  if (v.type.kind() == TypeKind::Vector) return bindPrim(Prim::ShapeV, {v.exp}, loc);
  return bindPrim(Prim::Shape, {v.exp}, loc);
}

Val Elaborator::lengthOfAxis(const Val& v, int64_t axis, SourceLoc loc) {
  if (auto n = v.staticLength(); n && axis == 1) return intConst(*n);
  Val s = shapeOf(v, loc);
  if (s.type.kind() == TypeKind::SingletonVector) return bindPrim(Prim::FirstV, {s.exp}, loc);
  return bindPrim(Prim::Index, {tail::IntConst::make(1), tail::IntConst::make(axis), s.exp}, loc);
}

Val Elaborator::elementCount(const Val& v, SourceLoc loc) {
  if (v.rank() == 0) return intConst(1);
  if (v.rank() == 1) return lengthOfAxis(v, 1, loc);
  Val s = shapeOf(v, loc);
  return bindPrim(Prim::Reduce, {tail::PrimFn::make(Prim::MulI), tail::IntConst::make(1), s.exp}, loc);
}

// ---------------------------------------------------------------------------- index origin

namespace {

// v + delta for an index array: a literal when v's values are known (so that later compile-time
// checks still see them), else the pervasive sum. Characters and complex numbers are left as
// they are for the primitive to reject.
Val shiftIndices(Elaborator& el, const Val& v, int64_t delta, SourceLoc loc) {
  if (delta == 0 || v.isTuple()) return v;
  BaseKind k = v.base().kind;
  if (k == BaseKind::Char || k == BaseKind::Complex) return v;
  if (k != BaseKind::Double && v.rank() <= 1) {
    if (auto values = v.knownInts()) {
      if (v.rank() == 0) return el.intConst((*values)[0] + delta);
      std::vector<Exp> es;
      for (int64_t x : *values) es.push_back(tail::IntConst::make(x + delta, loc));
      return el.bind(tail::ArrayLit::make(Base::intT(), es, loc), loc);
    }
  }
  return el.primitiveDyadic(U'+', v, el.intConst(delta), loc);
}

}  // namespace

Val Elaborator::toOrigin1(const Val& v, SourceLoc loc) { return shiftIndices(*this, v, 1 - indexOrigin_, loc); }

Val Elaborator::fromOrigin1(const Val& v, SourceLoc loc) { return shiftIndices(*this, v, indexOrigin_ - 1, loc); }

}  // namespace aplc::apl::elab
