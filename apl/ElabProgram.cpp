// Elaboration of the AST: expressions in APL's right-to-left order, function values (primitives,
// dfns as closures inlined at each application, operators, trains), dfn bodies with guards
// (TAIL `cond`), lexical scopes, and the program's printing (ElabOptions::mode).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string_view>

#include "apl/ElabCore.h"
#include "support/Diagnostics.h"
#include "support/Utf8.h"
#include "tail/ir/Print.h"

namespace aplc::apl::elab {

using tail::BaseKind;
using tail::Prim;
using tail::TypeKind;

namespace {

std::string glyphName(char32_t g) { return utf8::encode(g); }

constexpr int kMaxInlineDepth = 48;

}  // namespace

// ---------------------------------------------------------------------------- environments

namespace {

[[noreturn]] void roleChanged(const ast::Binding& b, SourceLoc loc, bool wasArray) {
  notSupported(loc, "the name " + b.name + " is used as " + (wasArray ? "an array" : "a function") +
                        " but is " + (wasArray ? "a function" : "an array") +
                        " when this runs (a name that changes between array and function)");
}

}  // namespace

// Names are looked up when the code runs (Dyalog): a variable is the latest value assigned to
// its name in the innermost scope (of the lexical chain: the dfn's own, then where it was written,
// …) that has assigned it by now, whatever binding the resolver chose when it read the code.
// This is also how a name defined after the dfn that uses it (Resolve.cpp, forward) is found.
// The scopes a name is looked up in, in order: the lexical chain up to the program's, then the
// tradfns being run (innermost first: a tradfn's names are seen by what it calls, as Dyalog's
// dynamic scope has it), then the program's.
std::vector<Env*> Elaborator::nameScopes() const {
  std::vector<Env*> chain;
  Env* root = env_;
  for (Env* e = env_; e; e = e->parent) {
    if (!e->parent) root = e;
    else chain.push_back(e);
  }
  for (auto t = runningTradfns_.rbegin(); t != runningTradfns_.rend(); ++t)
    if (std::find(chain.begin(), chain.end(), *t) == chain.end()) chain.push_back(*t);
  if (root) chain.push_back(root);
  return chain;
}

Val Elaborator::lookup(const ast::Binding& b, SourceLoc loc) {
  if (b.kind == ast::BindingKind::Variable) {
    for (Env* e : nameScopes()) {
      auto l = e->latest.find(b.name);
      if (l == e->latest.end()) {
        if (e->locals.count(b.name)) fail(loc, "VALUE ERROR: " + b.name + " has no value here");
        continue;
      }
      auto a = e->arrays.find(l->second);
      if (a == e->arrays.end()) roleChanged(b, loc, true);
      return a->second;
    }
  }
  for (Env* e = env_; e; e = e->parent) {
    auto it = e->arrays.find(b.id);
    if (it != e->arrays.end()) return it->second;
  }
  if (b.kind == ast::BindingKind::Alpha)
    fail(loc, "VALUE ERROR: " + b.name + " has no value (the function was called monadically)");
  fail(loc, "VALUE ERROR: " + b.name + " has no value here");
}

FnValPtr Elaborator::lookupFn(const ast::Binding& b, SourceLoc loc) {
  if (b.kind == ast::BindingKind::Variable) {
    for (Env* e : nameScopes()) {
      auto l = e->latest.find(b.name);
      if (l == e->latest.end()) {
        if (e->locals.count(b.name)) fail(loc, "VALUE ERROR: the function " + b.name + " has no value here");
        continue;
      }
      auto f = e->fns.find(l->second);
      if (f == e->fns.end()) roleChanged(b, loc, false);
      return f->second;
    }
  }
  for (Env* e = env_; e; e = e->parent) {
    auto it = e->fns.find(b.id);
    if (it != e->fns.end()) return it->second;
  }
  fail(loc, "VALUE ERROR: the function " + b.name + " has no value here");
}

void Elaborator::assign(const ast::Binding& b, const Val& v) {
  env_->arrays[b.id] = v;
  env_->latest[b.name] = b.id;
  env_->assignedIn[b.id] = currentLambda();
}

void Elaborator::reassign(const ast::Binding& b, const Val& v, SourceLoc loc) {
  for (Env* e = env_; e; e = e->parent) {
    auto it = e->arrays.find(b.id);
    if (it == e->arrays.end()) continue;
    // The new value is bound in the lambda being built: fine if the variable's scope is too, or if
    // it was assigned in this very lambda (a local assigned after a guard), else code outside
    // the lambda would read it.
    auto in = e->assignedIn.find(b.id);
    bool sameLambda = in != e->assignedIn.end() && in->second == currentLambda();
    if (e->level < lambdaDepth_ && !sameLambda)
      notSupported(loc, "indexed or modified assignment to " + b.name +
                            ", a variable defined outside the function applied by ¨, ⍣, a product or a guard");
    it->second = v;
    e->assignedIn[b.id] = currentLambda();
    return;
  }
  fail(loc, "VALUE ERROR: " + b.name + " has no value here");
}

// ------------------------------------------------------------------------------ expressions

Val Elaborator::exprOrOperand(const ast::Node& n) {
  APLC_INTERNAL_CHECK(n.isExpr(), "an array operand expected");
  return expr(static_cast<const ast::Expr&>(n));
}

namespace {

std::vector<char32_t> decodeString(const std::string& text) {
  std::vector<char32_t> out;
  for (size_t pos = 0; pos < text.size();) {
    utf8::Decoded d = utf8::decode(text, pos);
    out.push_back(d.codepoint);
    pos += d.length;
  }
  return out;
}

bool isBooleanVector(const std::vector<NumberLiteral>& values) {
  for (const NumberLiteral& v : values)
    if (v.kind != NumberLiteral::Kind::Int || (v.intValue != 0 && v.intValue != 1)) return false;
  return true;
}

}  // namespace

Val Elaborator::expr(const ast::Expr& e) {
  SourceLoc loc = e.loc;
  switch (e.kind) {
    case ast::Kind::Numbers: {
      const auto& n = *e.as<ast::Numbers>();
      bool anyDouble = false, anyComplex = false;
      for (const NumberLiteral& v : n.values) {
        anyComplex = anyComplex || v.kind == NumberLiteral::Kind::Complex;
        anyDouble = anyDouble || v.kind == NumberLiteral::Kind::Double;
      }
      // A vector literal takes the widest kind of its items: int < double < complex.
      auto realPart = [](const NumberLiteral& v) {
        return v.kind == NumberLiteral::Kind::Int ? static_cast<double>(v.intValue) : v.doubleValue;
      };
      auto one = [&](const NumberLiteral& v) -> Exp {
        if (anyComplex) return tail::ComplexConst::make(realPart(v), v.kind == NumberLiteral::Kind::Complex ? v.imagValue : 0.0, loc);
        if (anyDouble) return tail::DoubleConst::make(v.kind == NumberLiteral::Kind::Double ? v.doubleValue
                                                                                            : static_cast<double>(v.intValue), loc);
        return tail::IntConst::make(v.intValue, loc);
      };
      if (n.values.size() == 1) return bind(one(n.values[0]), loc);
      std::vector<Exp> es;
      // A vector of zeros and ones is boolean, as in Dyalog: a board or mask then takes a byte an
      // item, not eight. (A scalar 0 or 1 stays an integer: it is most often a counter's start.)
      if (!anyDouble && !anyComplex && isBooleanVector(n.values)) {
        for (const NumberLiteral& v : n.values) es.push_back(tail::BoolConst::make(v.intValue == 1, loc));
        return bind(tail::ArrayLit::make(Base::boolT(), es, loc), loc);
      }
      for (const NumberLiteral& v : n.values) es.push_back(one(v));
      Base element = anyComplex ? Base::complexT() : anyDouble ? Base::doubleT() : Base::intT();
      return bind(tail::ArrayLit::make(element, es, loc), loc);
    }
    case ast::Kind::String: {
      std::vector<char32_t> cs = decodeString(e.as<ast::String>()->text);
      if (cs.size() == 1) return bind(tail::CharConst::make(cs[0], loc), loc);
      std::vector<Exp> es;
      for (char32_t c : cs) es.push_back(tail::CharConst::make(c, loc));
      return bind(tail::ArrayLit::make(Base::charT(), es, loc), loc);
    }
    case ast::Kind::Zilde: return bind(tail::ArrayLit::make(Base::intT(), {}, loc), loc);
    case ast::Kind::Var: return lookup(*e.as<ast::Var>()->binding, loc);
    case ast::Kind::SystemVar: {
      const std::string& name = e.as<ast::SystemVar>()->name;
      if (name == "⎕IO") return intConst(indexOrigin_);
      if (name == "⎕PP") return intConst(printPrecision_);
      if (name == "⎕TS") return bindPrim(Prim::TimeStamp, {tail::IntConst::make(0)}, loc);
      if (name == "⎕A" || name == "⎕D") {
        std::string letters = name == "⎕A" ? "ABCDEFGHIJKLMNOPQRSTUVWXYZ" : "0123456789";
        std::vector<Exp> es;
        for (char c : letters) es.push_back(tail::CharConst::make(static_cast<char32_t>(c), loc));
        return bind(tail::ArrayLit::make(Base::charT(), es, loc), loc);
      }
      notSupported(loc, name + " as a value");
    }
    case ast::Kind::Strand: {
      const auto& s = *e.as<ast::Strand>();
      std::vector<Val> items(s.items.size());
      for (size_t i = s.items.size(); i-- > 0;) items[i] = expr(*s.items[i]);
      bool simple = true;
      for (const Val& v : items) simple = simple && !v.isTuple() && v.rank() == 0;
      if (simple) {
        Base base = items[0].base();
        bool mixed = false;
        for (const Val& v : items) {
          bool c1 = v.base().kind == BaseKind::Char, c2 = base.kind == BaseKind::Char;
          if (c1 != c2) mixed = true;
          else base = joinBase(base, v.base(), loc);
        }
        if (!mixed) {
          std::vector<Exp> es;
          for (const Val& v : items) es.push_back(convert(v, base, loc).exp);
          return bind(tail::ArrayLit::make(base, es, loc), loc);
        }
      }
      return bindTuple(std::move(items), loc);
    }
    case ast::Kind::Monadic: {
      const auto& m = *e.as<ast::Monadic>();
      requireResult(*m.fn, e);
      Val arg = expr(*m.arg);
      FnValPtr f = fn(*m.fn);
      return f->apply(*this, nullptr, arg, loc);
    }
    case ast::Kind::Dyadic: {
      const auto& d = *e.as<ast::Dyadic>();
      requireResult(*d.fn, e);
      Val right = expr(*d.right);
      FnValPtr f = fn(*d.fn);
      Val left = expr(*d.left);
      return f->apply(*this, &left, right, loc);
    }
    case ast::Kind::Index: {
      const auto& ix = *e.as<ast::Index>();
      std::vector<std::optional<Val>> indices(ix.indices.size());
      for (size_t i = ix.indices.size(); i-- > 0;)
        if (ix.indices[i]) indices[i] = toOrigin1(expr(*ix.indices[i]), loc);
      Val a = expr(*ix.array);
      return index(a, indices, loc);
    }
    case ast::Kind::Assign: {
      const auto& a = *e.as<ast::Assign>();
      if (a.binding->kind == ast::BindingKind::Alpha)  // `⍺←default`: only when ⍺ has no value
        for (Env* s = env_; s; s = s->parent)
          if (auto it = s->arrays.find(a.binding->id); it != s->arrays.end()) return it->second;
      Val v = expr(*a.value);
      if (const TypeAnnotation* note = annotations_.forBinding(a.binding->id)) {
        if (v.isTuple()) fail(loc, "TYPE ERROR: " + a.binding->name + " is declared " + note->written +
                                       ", but its value is a nested array (tuple)");
        checkValue(*note, a.binding->name, v.type, loc);
      }
      assign(*a.binding, v);
      return v;
    }
    case ast::Kind::MultipleAssign: return multipleAssign(*e.as<ast::MultipleAssign>());
    case ast::Kind::IndexedAssign: {
      const auto& a = *e.as<ast::IndexedAssign>();
      Val v = expr(*a.value);
      std::vector<std::optional<Val>> indices(a.indices.size());
      for (size_t i = a.indices.size(); i-- > 0;)
        if (a.indices[i]) indices[i] = toOrigin1(expr(*a.indices[i]), loc);
      Val current = lookup(*a.binding, loc);
      Val updated = indexedAssign(current, indices, v, loc);
      reassign(*a.binding, updated, loc);
      return v;
    }
    case ast::Kind::ModifiedAssign: return modifiedAssign(*e.as<ast::ModifiedAssign>());
    case ast::Kind::SystemAssign: {
      const auto& a = *e.as<ast::SystemAssign>();
      Val v = expr(*a.value);
      if (a.name == "⎕PP") printPrecision_ = knownPrintPrecision(v, loc);
      else setIndexOrigin(knownIndexOrigin(v, loc));
      return v;
    }
    case ast::Kind::Print: return print(expr(*e.as<ast::Print>()->value), loc);
    default: break;
  }
  throw InternalError("expr: not an array expression");
}

// `a b c ← v` (Dyalog Language Reference, "Assignment (Multiple)"): a scalar v is given to every
// name; a vector or tuple of as many items gives each name its item (a LENGTH ERROR otherwise;
// a vector whose length only the run time knows is not supported). The names are assigned left
// to right; the value is v (shy).
Val Elaborator::multipleAssign(const ast::MultipleAssign& a) {
  SourceLoc loc = a.loc;
  Val v = expr(*a.value);
  size_t n = a.bindings.size();
  std::vector<Val> items;
  if (v.isTuple()) {
    if (v.items.size() != n) fail(loc, "LENGTH ERROR: " + std::to_string(n) + " names but " + std::to_string(v.items.size()) + " items");
    items = v.items;
  } else if (v.rank() == 0) {
    items.assign(n, v);
  } else if (v.rank() == 1) {
    std::optional<int64_t> length = v.staticLength();
    if (!length) fail(loc, "not supported: multiple assignment from a vector whose length is known only at run time");
    if (*length != static_cast<int64_t>(n))
      fail(loc, "LENGTH ERROR: " + std::to_string(n) + " names but " + std::to_string(*length) + " items");
    for (size_t k = 0; k < n; ++k) items.push_back(index(v, {intConst(static_cast<int64_t>(k) + 1)}, loc));
  } else {
    fail(loc, "RANK ERROR: multiple assignment needs a scalar or a vector, not an array of rank " + std::to_string(v.rank()));
  }
  for (size_t k = 0; k < n; ++k) assign(*a.bindings[k], items[k]);
  return v;
}

// `x f← v` is x ← x f v. `x[I] f← v` (Dyalog Language Reference, "Assignment (Indexed
// Modified)") loops over the selected elements in ravel order, each becoming x[i] f v[i]: an index
// that I repeats is modified as many times. Its value is v (shy).
Val Elaborator::modifiedAssign(const ast::ModifiedAssign& a) {
  SourceLoc loc = a.loc;
  Val v = expr(*a.value);
  FnValPtr f = fn(*a.fn);
  std::vector<std::optional<Val>> indices(a.indices.size());
  for (size_t i = a.indices.size(); i-- > 0;)
    if (a.indices[i]) indices[i] = toOrigin1(expr(*a.indices[i]), loc);
  Val current = lookup(*a.binding, loc);
  if (indices.empty()) {
    Val updated = f->apply(*this, &current, v, loc);
    reassign(*a.binding, updated, loc);
    return v;
  }
  requireArray(current, loc);
  requireArray(v, loc);
  if (static_cast<int64_t>(indices.size()) != current.rank())
    fail(loc, "RANK ERROR: " + std::to_string(indices.size()) + " indices for an array of rank " +
                  std::to_string(current.rank()));
  char32_t g = f->glyph;
  if (g && !isScalarGlyph(g, true) && g != U'⊣' && g != U'⊢')
    notSupported(loc, a.binding->name + "[…] " + f->name + "← (each selected element would become an array: a nested result)");
  // The array takes the type of f's results (x[i]÷←2 makes an integer array a double one).
  Base result;
  scalarFn2(*f, current.base(), v.base(), &result, loc);
  Val widened = convert(current, joinBase(current.base(), result, loc), loc);
  reassign(*a.binding, indexedAssignAxes(widened, indices, v, loc, f.get()), loc);
  return v;
}

// The value assigned to ⎕IO: 0 or 1, known at compile time.
int Elaborator::knownIndexOrigin(const Val& v, SourceLoc loc) {
  if (v.isTuple() || v.rank() != 0 || v.base().kind == BaseKind::Char)
    notSupported(loc, "⎕IO ← a value that is not the number 0 or 1");
  std::optional<int64_t> k = v.knownInt();
  if (!k && v.base().kind == BaseKind::Double) {
    if (const auto* d = v.exp.as<tail::DoubleConst>(); d && (d->value == 0.0 || d->value == 1.0))
      k = static_cast<int64_t>(d->value);
  }
  if (!k) notSupported(loc, "⎕IO ← a value computed at run time (only the constants 0 and 1)");
  if (*k != 0 && *k != 1) notSupported(loc, "⎕IO ← " + std::to_string(*k) + " (only 0 and 1)");
  return static_cast<int>(*k);
}

// The value assigned to ⎕PP: an integer from 1 to 34 (Dyalog's range), known at compile time.
// Displays use at most 17 digits, all a double has (Dyalog, with ⎕FR 645).
int Elaborator::knownPrintPrecision(const Val& v, SourceLoc loc) {
  std::optional<int64_t> k = v.isTuple() || v.rank() != 0 ? std::nullopt : v.knownInt();
  if (!k) notSupported(loc, "⎕PP ← a value that is not an integer known at compile time");
  if (*k < 1 || *k > 34) fail(loc, "DOMAIN ERROR: ⎕PP must be from 1 to 34");
  return static_cast<int>(*k);
}

int Elaborator::displayDigits() const { return std::min(printPrecision_, 17); }

Val Elaborator::print(const Val& v, SourceLoc loc) {
  if (v.isTuple()) notSupported(loc, "printing a nested array (tuple)");
  if (displayDigits() == 10) bindPrim(Prim::Print, {v.exp}, loc);
  else bindPrim(Prim::PrintP, {tail::IntConst::make(displayDigits()), v.exp}, loc);
  return v;
}

// ------------------------------------------------------------------------- function values

namespace {

FnValPtr makeFn(std::string name, char32_t glyph,
                std::function<Val(Elaborator&, const Val*, const Val&, SourceLoc)> apply) {
  auto f = std::make_shared<FnVal>();
  f->apply = std::move(apply);
  f->glyph = glyph;
  f->name = std::move(name);
  return f;
}

bool among(char32_t g, std::u32string_view set) { return set.find(g) != std::u32string_view::npos; }

// The primitives whose inverse aplc knows, monadic and with a fixed left argument.
constexpr std::u32string_view kInvertibleMonadic = U"-÷⌽⊖⍉~⊢+*⍟";
constexpr std::u32string_view kInvertibleDyadic = U"+-×÷*⍟⌽⊖⊢";

// The inverse of a primitive function, monadic or with its left argument A fixed (A f⍣¯1 ⊢ y), for
// ⍣ with a negative count; null when aplc knows neither. A use it cannot invert is "not supported".
FnValPtr primitiveInverse(char32_t g) {
  static constexpr std::u32string_view kMonadic = kInvertibleMonadic;
  static constexpr std::u32string_view kDyadic = kInvertibleDyadic;
  if (!among(g, kMonadic) && !among(g, kDyadic)) return nullptr;
  return makeFn(glyphName(g) + "⍣¯1", 0, [g](Elaborator& el, const Val* l, const Val& r, SourceLoc loc) -> Val {
    if (!l) {
      if (!among(g, kMonadic)) notSupported(loc, "the inverse of monadic " + glyphName(g));
      if (g == U'*') return el.primitiveMonadic(U'⍟', r, loc);
      if (g == U'⍟') return el.primitiveMonadic(U'*', r, loc);
      return el.primitiveMonadic(g, r, loc);  // the others are their own inverses
    }
    switch (g) {
      case U'+': return el.primitiveDyadic(U'-', r, *l, loc);   // A+x = y: x = y-A
      case U'-': return el.primitiveDyadic(U'-', *l, r, loc);   // A-x = y: x = A-y
      case U'×': return el.primitiveDyadic(U'÷', r, *l, loc);   // x = y÷A
      case U'÷': return el.primitiveDyadic(U'÷', *l, r, loc);   // x = A÷y
      case U'*': return el.primitiveDyadic(U'⍟', *l, r, loc);   // A*x = y: x = A⍟y
      case U'⍟': return el.primitiveDyadic(U'*', *l, r, loc);   // A⍟x = y: x = A*y
      case U'⌽': case U'⊖': return el.primitiveDyadic(g, el.primitiveMonadic(U'-', *l, loc), r, loc);
      case U'⊢': return r;
      default: notSupported(loc, "the inverse of dyadic " + glyphName(g));
    }
  });
}

// The inverse of x ↦ x f A (f∘A): y ↦ y g B for the arithmetic functions.
FnValPtr bindRightInverse(const FnValPtr& f, const Val& a) {
  char32_t g = f->glyph;
  if (!among(g, U"+-×÷*")) return nullptr;
  return makeFn(f->name + "∘A⍣¯1", 0, [g, a](Elaborator& el, const Val* l, const Val& r, SourceLoc loc) -> Val {
    if (l) notSupported(loc, "f∘A with a left argument");
    switch (g) {
      case U'+': return el.primitiveDyadic(U'-', r, a, loc);
      case U'-': return el.primitiveDyadic(U'+', r, a, loc);
      case U'×': return el.primitiveDyadic(U'÷', r, a, loc);
      case U'÷': return el.primitiveDyadic(U'×', r, a, loc);
      default: return el.primitiveDyadic(U'*', r, el.primitiveMonadic(U'÷', a, loc), loc);  // x*A = y: x = y*÷A
    }
  });
}

// The axis k (written in ⎕IO io) as a 1-origin axis of an array of rank r, or an AXIS ERROR.
int64_t axisOf(int64_t k, int io, int64_t r, SourceLoc loc) {
  int64_t axis = k - io + 1;
  if (axis < 1 || axis > r)
    fail(loc, "AXIS ERROR: axis " + std::to_string(k) + " of an array of rank " + std::to_string(r));
  return axis;
}

// The new axis's place (1-origin) for a fraction f (written in ⎕IO io) between the axes of an
// array of rank r: ⌈f, which must lie in 1 … r+1.
std::string axisSpelling(double f) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", f);
  return text;
}

int64_t laminatePosition(double f, int io, int64_t r, SourceLoc loc) {
  double f1 = f - io + 1;
  if (!(f1 > 0 && f1 < static_cast<double>(r + 1)))
    fail(loc, "AXIS ERROR: no place for a new axis at " + axisSpelling(f) + " among " + std::to_string(r) + " axes");
  return static_cast<int64_t>(std::ceil(f1));
}

// ⌽[k] ⊖[k] (the same: ⌽ along axis k), ,[k] ⍪[k] (catenate along axis k; monadic, the array
// itself), ,[f] ⍪[f] for a fraction f (laminate; monadic, a new axis of length 1), ↑[k] ↓[k].
// ,[k1 k2 …] (ravel of contiguous axes, merged into one), n↑[k1 k2 …] and n↓[k1 k2 …] (item i of
// n along axis ki).
FnValPtr primitiveWithAxes(const ast::Primitive& p, int io) {
  char32_t g = p.glyph;
  std::vector<int64_t> ks = p.axes;
  std::string name = glyphName(g) + "[";
  for (size_t i = 0; i < ks.size(); ++i) name += (i ? " " : "") + std::to_string(ks[i]);
  return makeFn(name + "]", 0, [g, ks, io](Elaborator& el, const Val* l, const Val& r, SourceLoc loc) -> Val {
    el.requireArray(r, loc);
    std::vector<int64_t> axes;
    for (int64_t k : ks) {
      int64_t axis = axisOf(k, io, r.rank(), loc);
      if (std::find(axes.begin(), axes.end(), axis) != axes.end()) fail(loc, "AXIS ERROR: an axis given twice");
      axes.push_back(axis);
    }
    if (g == U',') {
      if (l) notSupported(loc, "catenation along several axes");
      for (size_t i = 1; i < axes.size(); ++i)
        if (axes[i] != axes[i - 1] + 1) fail(loc, "AXIS ERROR: the axes of , must be contiguous and ascending");
      return el.ravelAxes(r, axes.front(), axes.back(), loc);
    }
    bool drop = g == U'↓';
    if (!l) notSupported(loc, std::string(drop ? "↓" : "↑") + " with an axis used monadically (split, mix)");
    el.requireArray(*l, loc);
    Val counts = el.vectorOfLength(*l, static_cast<int64_t>(axes.size()), loc, drop ? "the left argument of ↓" : "the left argument of ↑");
    Val x = r;
    for (size_t i = 0; i < axes.size(); ++i) {
      Val n = el.bindPrim(Prim::Index, {tail::IntConst::make(1), tail::IntConst::make(static_cast<int64_t>(i) + 1), counts.exp}, loc);
      x = el.takeAxis(el.requireScalarInt(n, loc, "a count"), x, axes[i], loc, drop);
    }
    return x;
  });
}

FnValPtr primitiveWithAxis(const ast::Primitive& p, int io) {
  char32_t g = p.glyph;
  if (!p.axes.empty()) return primitiveWithAxes(p, io);
  if (p.fractionalAxis) {
    double f = *p.fractionalAxis;
    return makeFn(glyphName(g) + "[" + axisSpelling(f) + "]", 0, [f, io](Elaborator& el, const Val* l, const Val& r, SourceLoc loc) {
      el.requireArray(r, loc);
      if (!l) return el.insertUnitAxis(r, laminatePosition(f, io, r.rank(), loc), loc);
      el.requireArray(*l, loc);
      int64_t position = laminatePosition(f, io, std::max(l->rank(), r.rank()), loc);
      return el.laminate(*l, r, position, loc);
    });
  }
  int64_t k = *p.axis;
  return makeFn(glyphName(g) + "[" + std::to_string(k) + "]", 0,
                [g, k, io](Elaborator& el, const Val* l, const Val& r, SourceLoc loc) -> Val {
    el.requireArray(r, loc);
    if (l) el.requireArray(*l, loc);
    switch (g) {
      case U'⌽': case U'⊖':
        return el.alongAxis(r, k, io, true, [&](const Val& x) {
          return l ? el.rotate(*l, x, loc, false) : el.reverse(x, loc, false);
        }, loc);
      case U',': case U'⍪':
        if (!l) {  // the ravel of one axis is the array itself
          axisOf(k, io, r.rank(), loc);
          return r;
        }
        return el.catenateAxis(*l, r, axisOf(k, io, std::max<int64_t>({l->rank(), r.rank(), 1}), loc), loc);
      case U'↑': case U'↓': {
        bool drop = g == U'↓';
        if (!l) notSupported(loc, std::string(drop ? "↓" : "↑") + " with an axis used monadically (split, mix)");
        if (l->rank() > 1 || (l->rank() == 1 && l->staticLength() != 1))
          notSupported(loc, "an axis on " + std::string(drop ? "↓" : "↑") + " with a left argument of other than one item");
        Val n = l->rank() == 1 ? el.first(*l, loc) : *l;
        return el.takeAxis(n, r, axisOf(k, io, r.rank(), loc), loc, drop);
      }
      default: {  // a scalar dyadic function: the vector argument lies along axis k of the other
        if (!l) fail(loc, "SYNTAX ERROR: an axis on " + glyphName(g) + " used monadically");
        bool lowLeft = l->rank() < r.rank();
        const Val& high = lowLeft ? r : *l;
        const Val& low = lowLeft ? *l : r;
        int64_t axis = axisOf(k, io, std::max<int64_t>(high.rank(), 1), loc);
        if (low.rank() == high.rank() || low.rank() == 0) return el.primitiveDyadic(g, *l, r, loc);
        if (low.rank() > 1) notSupported(loc, "an axis on " + glyphName(g) + " with an argument of rank > 1 on the lower side");
        Val spread = el.alongAxis(high, axis, 1, true, [&](const Val& h) {
          Val lastLength = el.lengthOfAxis(h, h.rank(), loc);
          Val fitting = el.bindPrim(Prim::Reshape0, {el.bind(tail::ArrayLit::make(Base::intT(), {lastLength.exp}), loc).exp, low.exp}, loc);
          return el.reshape(el.shapeOf(h, loc), fitting, loc);
        }, loc);
        return lowLeft ? el.primitiveDyadic(g, spread, r, loc) : el.primitiveDyadic(g, *l, spread, loc);
      }
    }
  });
}

}  // namespace

FnValPtr Elaborator::fn(const ast::Fn& f) {
  switch (f.kind) {
    case ast::Kind::Primitive: {
      char32_t g = f.as<ast::Primitive>()->glyph;
      if (f.as<ast::Primitive>()->axis || f.as<ast::Primitive>()->fractionalAxis || !f.as<ast::Primitive>()->axes.empty())
        return primitiveWithAxis(*f.as<ast::Primitive>(), indexOrigin());
      FnValPtr p = makeFn(glyphName(g), g, [g](Elaborator& el, const Val* l, const Val& r, SourceLoc loc) {
        return l ? el.primitiveDyadic(g, *l, r, loc) : el.primitiveMonadic(g, r, loc);
      });
      FnValPtr inverse = primitiveInverse(g);
      if (among(g, kInvertibleMonadic)) std::const_pointer_cast<FnVal>(p)->inverse = inverse;
      if (among(g, kInvertibleDyadic)) std::const_pointer_cast<FnVal>(p)->inverseDyadic = inverse;
      return p;
    }
    case ast::Kind::FnRef: {
      const ast::Binding& b = *f.as<ast::FnRef>()->binding;
      return lookupFn(b, f.loc);
    }
    case ast::Kind::SystemFn: {
      std::string name = f.as<ast::SystemFn>()->name;
      return makeFn(name, 0, [name](Elaborator& el, const Val* l, const Val& r, SourceLoc loc) -> Val {
        if (name.rfind("⎕INT32", 0) == 0) {
          if (!l) notSupported(loc, name + " used monadically");
          return el.pervasive2([&](const Val& a, const Val& b) { return el.systemDyadic(name, a, b, loc); }, *l, r, loc);
        }
        if (l) notSupported(loc, name + " used dyadically");
        static const std::map<std::string, Prim> readers = {{"⎕ReadFile", Prim::ReadFile},
                                                            {"⎕ReadIntVecFile", Prim::ReadIntVecFile},
                                                            {"⎕ReadDoubleVecFile", Prim::ReadDoubleVecFile}};
        if (auto it = readers.find(name); it != readers.end()) {
          el.requireArray(r, loc);
          if (r.base().kind != BaseKind::Char) fail(loc, "DOMAIN ERROR: " + name + " needs a file name");
          return el.bindPrim(it->second, {el.toVector(r, loc).exp}, loc);
        }
        if (name == "⎕NOW") return el.bindPrim(Prim::Now, {el.requireScalarInt(r, loc, "the argument of ⎕NOW").exp}, loc);
        notSupported(loc, "the system function " + name);
      });
    }
    case ast::Kind::Dfn: return dfnValue(*f.as<ast::Dfn>(), nullptr);
    case ast::Kind::Derived: return derived(*f.as<ast::Derived>());
    case ast::Kind::UserDerived: return dfnValue(*f.as<ast::UserDerived>()->body, f.as<ast::UserDerived>());
    case ast::Kind::Fork: {
      const auto& k = *f.as<ast::Fork>();
      FnValPtr right = fn(*k.right);
      FnValPtr middle = fn(*k.middle);
      FnValPtr leftFn;
      std::optional<Val> leftArray;
      if (k.left->isFn()) leftFn = fn(static_cast<const ast::Fn&>(*k.left));
      else leftArray = exprOrOperand(*k.left);
      return makeFn("fork", 0, [=](Elaborator& el, const Val* l, const Val& r, SourceLoc loc) {
        Val rv = right->apply(el, l, r, loc);
        Val lv = leftFn ? leftFn->apply(el, l, r, loc) : *leftArray;
        return middle->apply(el, &lv, rv, loc);
      });
    }
    case ast::Kind::Atop: {
      const auto& a = *f.as<ast::Atop>();
      FnValPtr right = fn(*a.right);
      FnValPtr left = fn(*a.left);
      return makeFn("atop", 0, [=](Elaborator& el, const Val* l, const Val& r, SourceLoc loc) {
        Val v = right->apply(el, l, r, loc);
        return left->apply(el, nullptr, v, loc);
      });
    }
    default: break;
  }
  throw InternalError("fn: not a function expression");
}

FnValPtr Elaborator::derived(const ast::Derived& d) {
  using Op = ast::OperatorKind;
  auto fnOperand = [&](const ast::NodePtr& n, const char* what) -> FnValPtr {
    if (!n || !n->isFn()) fail(d.loc, std::string("SYNTAX ERROR: ") + what + " needs a function operand");
    return fn(static_cast<const ast::Fn&>(*n));
  };
  switch (d.op) {
    case Op::Reduce: case Op::ReduceFirst: case Op::Scan: case Op::ScanFirst: {
      FnValPtr f = fnOperand(d.left, ast::describe(d.op));
      bool firstAxis = d.op == Op::ReduceFirst || d.op == Op::ScanFirst;
      bool isScan = d.op == Op::Scan || d.op == Op::ScanFirst;
      if (d.axis) {  // f/[k], f\[k]: the last-axis form along axis k, in the ⎕IO where it is written
        int64_t k = *d.axis;
        int io = indexOrigin();
        std::string name = f->name + ast::glyph(d.op) + "[" + std::to_string(k) + "]";
        return makeFn(name, 0, [=](Elaborator& el, const Val* l, const Val& r, SourceLoc loc) {
          if (l && isScan) notSupported(loc, "a left argument to a scan");
          if (l)  // n f/[k] x: the windows along axis k, which stays
            return el.alongAxis(r, k, io, true, [&](const Val& x) { return el.reduceNWise(*f, *l, x, loc); }, loc);
          return el.alongAxis(r, k, io, isScan, [&](const Val& x) {
            return isScan ? el.scan(*f, x, loc, false) : el.reduce(*f, x, loc, false);
          }, loc);
        });
      }
      return makeFn(f->name + ast::glyph(d.op), 0, [=](Elaborator& el, const Val* l, const Val& r, SourceLoc loc) {
        if (l && isScan) notSupported(loc, "a left argument to a scan");
        if (l) el.requireArray(r, loc);  // before its rank: a tuple has none
        if (l && firstAxis && r.rank() >= 2) {  // n f⌿ x: the windows along the first axis
          int io = el.indexOrigin();
          return el.alongAxis(r, io, io, true, [&](const Val& x) { return el.reduceNWise(*f, *l, x, loc); }, loc);
        }
        if (l) return el.reduceNWise(*f, *l, r, loc);
        return isScan ? el.scan(*f, r, loc, firstAxis) : el.reduce(*f, r, loc, firstAxis);
      });
    }
    case Op::Replicate: case Op::ReplicateFirst: case Op::Expand: case Op::ExpandFirst: {
      Val counts = exprOrOperand(*d.left);
      bool firstAxis = d.op == Op::ReplicateFirst || d.op == Op::ExpandFirst;
      bool isExpand = d.op == Op::Expand || d.op == Op::ExpandFirst;
      if (d.axis) {  // A/[k], A\[k]: the last-axis form along axis k, in the ⎕IO where it is written
        int64_t k = *d.axis;
        int io = indexOrigin();
        std::string name = std::string(ast::glyph(d.op)) + "[" + std::to_string(k) + "]";
        return makeFn(name, 0, [=](Elaborator& el, const Val* l, const Val& r, SourceLoc loc) {
          if (l) notSupported(loc, "a left argument to a replication");
          return el.alongAxis(r.rank() == 0 ? el.toVector(r, loc) : r, k, io, true, [&](const Val& x) {
            return isExpand ? el.expand(counts, x, loc, false) : el.replicate(counts, x, loc, false);
          }, loc);
        });
      }
      return makeFn(ast::glyph(d.op), 0, [=](Elaborator& el, const Val* l, const Val& r, SourceLoc loc) {
        if (l) notSupported(loc, "a left argument to a replication");
        return isExpand ? el.expand(counts, r, loc, firstAxis) : el.replicate(counts, r, loc, firstAxis);
      });
    }
    case Op::Each: {
      FnValPtr f = fnOperand(d.left, "¨");
      return makeFn(f->name + "¨", 0, [=](Elaborator& el, const Val* l, const Val& r, SourceLoc loc) {
        return el.each(*f, l, r, loc);
      });
    }
    case Op::Commute: {
      FnValPtr f = fnOperand(d.left, "⍨");
      return makeFn(f->name + "⍨", 0, [=](Elaborator& el, const Val* l, const Val& r, SourceLoc loc) {
        return f->apply(el, &r, l ? *l : r, loc);
      });
    }
    case Op::InnerProduct: {
      FnValPtr f = fnOperand(d.left, "inner product");
      FnValPtr g = fnOperand(d.right, "inner product");
      return makeFn(f->name + "." + g->name, 0, [=](Elaborator& el, const Val* l, const Val& r, SourceLoc loc) {
        if (!l) notSupported(loc, "f.g used monadically");
        return el.innerProduct(*f, *g, *l, r, loc);
      });
    }
    case Op::OuterProduct: {
      FnValPtr g = fnOperand(d.right, "outer product");
      return makeFn("∘." + g->name, 0, [=](Elaborator& el, const Val* l, const Val& r, SourceLoc loc) {
        if (!l) fail(loc, "SYNTAX ERROR: ∘." + g->name + " needs a left argument");
        return el.outerProduct(*g, *l, r, loc);
      });
    }
    case Op::Compose: {
      FnValPtr f = fnOperand(d.left, "∘");
      FnValPtr g = fnOperand(d.right, "∘");
      FnValPtr c = makeFn(f->name + "∘" + g->name, 0, [=](Elaborator& el, const Val* l, const Val& r, SourceLoc loc) {
        Val gr = g->apply(el, nullptr, r, loc);
        return f->apply(el, l, gr, loc);
      });
      // (f∘g)⍣¯1 is g⍣¯1∘(f⍣¯1), the left argument (A f∘g y) going to f's inverse.
      auto composeInverse = [&](const FnValPtr& fi, const FnValPtr& gi) -> FnValPtr {
        if (!fi || !gi) return nullptr;
        return makeFn(c->name + "⍣¯1", 0, [=](Elaborator& el, const Val* l, const Val& r, SourceLoc loc) {
          Val fr = fi->apply(el, l, r, loc);
          return gi->apply(el, nullptr, fr, loc);
        });
      };
      std::const_pointer_cast<FnVal>(c)->inverse = composeInverse(f->inverse, g->inverse);
      std::const_pointer_cast<FnVal>(c)->inverseDyadic = composeInverse(f->inverseDyadic, g->inverse);
      return c;
    }
    case Op::BindLeft: {
      FnValPtr g = fnOperand(d.right, "∘");
      Val a = exprOrOperand(*d.left);
      FnValPtr b = makeFn("∘", 0, [=](Elaborator& el, const Val* l, const Val& r, SourceLoc loc) {
        if (l) notSupported(loc, "A∘f with a left argument");
        return g->apply(el, &a, r, loc);
      });
      if (g->inverseDyadic) {
        FnValPtr gi = g->inverseDyadic;
        std::const_pointer_cast<FnVal>(b)->inverse = makeFn("∘⍣¯1", 0, [=](Elaborator& el, const Val* l, const Val& r, SourceLoc loc) {
          if (l) notSupported(loc, "A∘f with a left argument");
          return gi->apply(el, &a, r, loc);
        });
      }
      return b;
    }
    case Op::BindRight: {
      FnValPtr f = fnOperand(d.left, "∘");
      Val a = exprOrOperand(*d.right);
      FnValPtr b = makeFn("∘", 0, [=](Elaborator& el, const Val* l, const Val& r, SourceLoc loc) {
        if (l) notSupported(loc, "f∘A with a left argument");
        return f->apply(el, &r, a, loc);
      });
      std::const_pointer_cast<FnVal>(b)->inverse = bindRightInverse(f, a);
      return b;
    }
    case Op::Power: {
      FnValPtr f = fnOperand(d.left, "⍣");
      if (d.right && d.right->isFn()) {  // f⍣g: until (f y) g y
        FnValPtr g = fn(static_cast<const ast::Fn&>(*d.right));
        return makeFn(f->name + "⍣" + g->name, 0, [=](Elaborator& el, const Val* l, const Val& r, SourceLoc loc) {
          return el.powerUntil(*f, *g, l, r, loc);
        });
      }
      if (!d.right || !d.right->isExpr()) notSupported(d.loc, "⍣ without a right operand");
      Val count = exprOrOperand(*d.right);
      return makeFn(f->name + "⍣", 0, [=](Elaborator& el, const Val* l, const Val& r, SourceLoc loc) {
        return el.power(*f, count, l, r, loc);
      });
    }
    case Op::SystemOperator: {
      if (d.systemName != "⎕BENCH") notSupported(d.loc, "the system operator " + d.systemName);
      // (f ⎕BENCH n) x times n runs of f in apltail; its value is f x.
      FnValPtr f = fnOperand(d.left, "⎕BENCH");
      return makeFn(f->name, 0, [=](Elaborator& el, const Val* l, const Val& r, SourceLoc loc) {
        return f->apply(el, l, r, loc);
      });
    }
  }
  throw InternalError("derived: unknown operator");
}

FnValPtr Elaborator::dfnValue(const ast::Dfn& d, const ast::UserDerived* instance) {
  EnvPtr closure = env_;
  // An operator instance binds ⍺⍺ and ⍵⍵ to its operands, evaluated where it is derived.
  if (instance) {
    EnvPtr operands = newEnv(closure);
    auto bindOperand = [&](const ast::BindingPtr& b, const ast::NodePtr& n) {
      if (!b || !n) return;
      if (n->isFn()) operands->fns[b->id] = fn(static_cast<const ast::Fn&>(*n));
      else operands->arrays[b->id] = exprOrOperand(*n);
    };
    bindOperand(d.omegaOmega, instance->right);
    bindOperand(d.alphaAlpha, instance->left);
    closure = operands;
  }
  std::string name = instance && instance->op ? instance->op->name : "{…}";
  auto self = std::make_shared<FnVal>();
  self->name = name;
  const ast::Dfn* dp = &d;
  std::weak_ptr<FnVal> weakSelf = self;
  self->apply = [dp, closure, weakSelf](Elaborator& el, const Val* l, const Val& r, SourceLoc loc) {
    return el.applyDfn(*dp, closure, weakSelf.lock(), l, r, loc);
  };
  const TypeAnnotation* header = annotations_.forDfn(d.loc);
  return annotated(self, header, header && !header->subject.empty() && !instance ? header->subject : name);
}

void Elaborator::defineFn(const ast::FnDef& fd) {
  if (const auto* d = fd.fn->as<ast::Dfn>()) dfnNames_[d] = fd.binding->name;
  env_->fns[fd.binding->id] = definedFn(fd);
  env_->latest[fd.binding->name] = fd.binding->id;
}

FnValPtr Elaborator::definedFn(const ast::FnDef& fd) {
  FnValPtr f = fn(*fd.fn);
  return annotated(f, annotations_.forBinding(fd.binding->id), fd.binding->name);
}

FnValPtr Elaborator::annotated(FnValPtr f, const TypeAnnotation* a, const std::string& name) {
  if (!a) return f;
  auto checked = std::make_shared<FnVal>(*f);
  checked->apply = [f, a, name](Elaborator& el, const Val* l, const Val& r, SourceLoc loc) {
    checkValence(*a, name, l != nullptr, loc);
    Val result = f->apply(el, l, r, loc);
    for (const Val* v : {l, &r, static_cast<const Val*>(&result)})
      if (v && v->isTuple())
        fail(loc, "TYPE ERROR: " + name + " is declared " + a->written +
                      ", but a nested array (tuple) is passed or returned, which an annotation cannot describe");
    checkApplication(*a, name, l ? &l->type : nullptr, r.type, result.type, loc);
    return result;
  };
  return checked;
}

Val Elaborator::applyDfn(const ast::Dfn& d, EnvPtr closure, const FnValPtr& self, const Val* left, const Val& right,
                         SourceLoc loc) {
  if (isTailRecursive(d)) return tailRecursiveLoop(d, closure, self, left, right, loc);
  if (!d.alphaAlpha && (selfMentions(d) > 0 || callsItselfThroughOthers(d)))
    return recursiveCall(d, closure, self, left, right, loc);
  if (inlineDepth_ >= kMaxInlineDepth)
    notSupported(loc, std::string(d.alphaAlpha ? "recursion in an operator (∇∇)" : "recursion other than by ∇ or by name (through an operand, say)") +
                          ", or functions nested more than " + std::to_string(kMaxInlineDepth) + " calls deep");
  return inlineDfn(d, closure, self, left, right, loc);
}

Val Elaborator::inlineDfn(const ast::Dfn& d, EnvPtr closure, const FnValPtr& self, const Val* left, const Val& right,
                          SourceLoc loc) {
  EnvPtr scope = newEnv(closure);
  // The arguments are found by name too: a tradfn's may be reassigned, and read after that by a
  // new binding of the same name (lookup); unbound (a monadic call), the left one has no value.
  scope->locals.insert(d.locals.begin(), d.locals.end());
  scope->locals.insert({d.alpha->name, d.omega->name});
  scope->arrays[d.omega->id] = right;
  scope->latest[d.omega->name] = d.omega->id;
  if (left) {
    scope->arrays[d.alpha->id] = *left;
    scope->latest[d.alpha->name] = d.alpha->id;
  }
  if (d.self && self) scope->fns[d.self->id] = self;
  EnvPtr saved = env_;
  env_ = scope;
  ++inlineDepth_;
  if (d.tradfn) runningTradfns_.push_back(scope);
  // A dfn starts with its caller's ⎕IO and ⎕PP; an assignment to them in it is local to it (Dyalog).
  struct Restore {
    Elaborator& el;
    EnvPtr saved;
    SystemSettings settings;
    bool tradfn;
    ~Restore() {
      el.setEnv(saved);
      el.setSystemSettings(settings);
      --el.inlineDepth();
      if (tradfn) el.runningTradfns().pop_back();
    }
  } restore{*this, saved, systemSettings(), d.tradfn};
  return body(d.body, 0, d.loc);
}

// ------------------------------------------------------------------------------ statements

// A statement's expression: there (only) a call of a function without a result is allowed.
Val Elaborator::statementExpr(const ast::Expr& e) {
  statement_ = &e;
  return expr(e);
}

void Elaborator::requireResult(const ast::Fn& f, const ast::Expr& call) {
  const auto* ref = f.as<ast::FnRef>();
  if (ref && ref->binding->noResult && &call != statement_)
    fail(call.loc, "VALUE ERROR: " + ref->binding->name + " has no result, so its call cannot be a value");
}

Val Elaborator::body(const std::vector<ast::StmtPtr>& stmts, size_t from, SourceLoc loc) {
  std::optional<Val> last;
  for (size_t i = from; i < stmts.size(); ++i) {
    const ast::Stmt& s = *stmts[i];
    switch (s.kind) {
      case ast::Kind::Guard: {
        const auto& g = *s.as<ast::Guard>();
        Val test = expr(*g.condition);
        SystemSettings settings = systemSettings();  // each branch starts with those after the test
        return cond(
            test, [&] { setSystemSettings(settings); return expr(*g.result); },
            [&]() -> Val {
              setSystemSettings(settings);
              if (i + 1 == stmts.size())
                notSupported(g.loc, "a dfn whose last statement is a guard (it may end without a value)");
              return body(stmts, i + 1, loc);
            },
            g.loc);
      }
      case ast::Kind::ExprStmt: {
        const ast::Expr& e = *s.as<ast::ExprStmt>()->expr;
        Val v = statementExpr(e);
        if (!ast::isAssignmentOrVoid(e)) return v;
        last = v;
        break;
      }
      case ast::Kind::FnDef: defineFn(*s.as<ast::FnDef>()); break;
      case ast::Kind::OpDef: break;
      case ast::Kind::If: {
        const auto& c = *s.as<ast::If>();
        if (endsWithReturn(c)) return ifWithReturn(c, 0, stmts, i + 1, loc);
        ifStatement(c);
        break;
      }
      case ast::Kind::While:
      case ast::Kind::For: {
        std::optional<Val> returned = loopStatement(s);
        if (!returned) break;
        // The loop may have reached a :Return: then the function ends, else it goes on.
        const ast::Expr& result = *resultOfReturns(s);
        EnvState state = saveEnv();
        return cond(*returned, [&] { restoreEnv(state); return expr(result); },
                    [&] { restoreEnv(state); return body(stmts, i + 1, loc); }, s.loc);
      }
      case ast::Kind::Return: return expr(*s.as<ast::Return>()->result);
      default: throw InternalError("body: not a statement");
    }
  }
  if (!last) fail(loc, "VALUE ERROR: the function has no result");
  return *last;
}

Exp Elaborator::run() {
  std::optional<Val> last;
  for (size_t i = 0; i < program_.statements.size(); ++i) {
    const ast::Stmt& s = *program_.statements[i];
    bool user = i >= program_.userBegin;
    switch (s.kind) {
      case ast::Kind::ExprStmt: {
        const ast::Expr& e = *s.as<ast::ExprStmt>()->expr;
        Val v = statementExpr(e);
        if (user && options_.mode == PrintMode::Session && !ast::isShy(e)) print(v, e.loc);
        if (user) last = v;
        break;
      }
      case ast::Kind::FnDef: defineFn(*s.as<ast::FnDef>()); break;
      case ast::Kind::OpDef: break;
      case ast::Kind::Guard: fail(s.loc, "SYNTAX ERROR: a guard outside a dfn");
      default: throw InternalError("run: not a statement");
    }
  }
  Exp result = tail::IntConst::make(0);
  if (last) {
    Val v = *last;
    if (options_.mode == PrintMode::Tail) {
      if (v.isTuple()) notSupported({}, "a program whose last value is a nested array (tuple)");
      if (v.base().kind != BaseKind::Char && v.base().kind != BaseKind::Double) v = convert(v, Base::doubleT(), {});
      result = v.exp;
    } else {
      result = v.exp;
    }
  }
  return popScope(result);
}

}  // namespace aplc::apl::elab

namespace aplc::apl {

tail::Exp elaborate(const ast::Program& program, const ElabOptions& options) {
  elab::Elaborator el(program, options);
  return el.run();
}

}  // namespace aplc::apl
