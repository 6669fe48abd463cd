// Constructors of the AST nodes (Ast.h): they check each node's invariants and compute heights.
#include "apl/Ast.h"

#include <algorithm>

namespace aplc::apl::ast {

namespace {

uint32_t tallest(const Node* n) { return n ? n->height : 0; }

template <class T>
uint32_t tallest(const std::shared_ptr<T>& n) { return tallest(n.get()); }

template <class P>
uint32_t tallest(const std::vector<P>& nodes) {
  uint32_t h = 0;
  for (const P& n : nodes) h = std::max(h, tallest(n));
  return h;
}

// 1 + the tallest of the given children (null children allowed).
template <class... P>
uint32_t above(const P&... children) {
  uint32_t h = 0;
  ((h = std::max(h, tallest(children))), ...);
  return h + 1;
}

void require(bool condition, const char* what) { APLC_INTERNAL_CHECK(condition, what); }

bool isExprOrFn(const NodePtr& n) { return n && (n->isExpr() || n->isFn()); }

uint32_t tallestBlock(const std::vector<std::vector<StmtPtr>>& blocks) {
  uint32_t h = 0;
  for (const auto& b : blocks) h = std::max(h, tallest(b));
  return h;
}

}  // namespace

const char* describe(Role role) {
  switch (role) {
    case Role::Array: return "array";
    case Role::Function: return "function";
    case Role::MonadicOperator: return "monadic operator";
    case Role::DyadicOperator: return "dyadic operator";
  }
  return "?";
}

const char* name(Kind kind) {
  switch (kind) {
#define APLC_AST_NAME(k) \
  case Kind::k:          \
    return #k;
    APLC_AST_KINDS(APLC_AST_NAME)
#undef APLC_AST_NAME
  }
  return "?";
}

const char* describe(OperatorKind op) {
  switch (op) {
#define APLC_OPERATOR_DESCRIBE(k, description, glyph) \
  case OperatorKind::k:                               \
    return description;
    APLC_OPERATOR_KINDS(APLC_OPERATOR_DESCRIBE)
#undef APLC_OPERATOR_DESCRIBE
  }
  return "?";
}

const char* glyph(OperatorKind op) {
  switch (op) {
#define APLC_OPERATOR_GLYPH(k, description, glyph) \
  case OperatorKind::k:                            \
    return glyph;
    APLC_OPERATOR_KINDS(APLC_OPERATOR_GLYPH)
#undef APLC_OPERATOR_GLYPH
  }
  return "?";
}

Numbers::Numbers(SourceLoc loc, std::vector<NumberLiteral> v, std::vector<std::string> s)
    : Expr(Kind::Numbers, loc, 1), values(std::move(v)), spellings(std::move(s)) {
  require(!values.empty() && values.size() == spellings.size(), "Numbers: one spelling per value");
}

String::String(SourceLoc loc, std::string t) : Expr(Kind::String, loc, 1), text(std::move(t)) {}

Zilde::Zilde(SourceLoc loc) : Expr(Kind::Zilde, loc, 1) {}

Var::Var(SourceLoc loc, BindingPtr b) : Expr(Kind::Var, loc, 1), binding(std::move(b)) {
  require(binding && binding->role == Role::Array, "Var: needs an array binding");
}

SystemVar::SystemVar(SourceLoc loc, std::string n) : Expr(Kind::SystemVar, loc, 1), name(std::move(n)) {}

Strand::Strand(SourceLoc loc, std::vector<ExprPtr> i)
    : Expr(Kind::Strand, loc, tallest(i) + 1), items(std::move(i)) {
  require(items.size() >= 2, "Strand: at least two items");
  for (const ExprPtr& item : items) require(item != nullptr, "Strand: null item");
}

Monadic::Monadic(SourceLoc loc, FnPtr f, ExprPtr a)
    : Expr(Kind::Monadic, loc, above(f, a)), fn(std::move(f)), arg(std::move(a)) {
  require(fn && arg, "Monadic: function and argument");
}

Dyadic::Dyadic(SourceLoc loc, FnPtr f, ExprPtr l, ExprPtr r)
    : Expr(Kind::Dyadic, loc, above(f, l, r)), fn(std::move(f)), left(std::move(l)), right(std::move(r)) {
  require(fn && left && right, "Dyadic: function and two arguments");
}

Index::Index(SourceLoc loc, ExprPtr a, std::vector<ExprPtr> i)
    : Expr(Kind::Index, loc, std::max(tallest(a), tallest(i)) + 1), array(std::move(a)), indices(std::move(i)) {
  require(array && !indices.empty(), "Index: array and at least one axis");
}

Assign::Assign(SourceLoc loc, BindingPtr b, ExprPtr v)
    : Expr(Kind::Assign, loc, above(v)), binding(std::move(b)), value(std::move(v)) {
  require(binding && binding->role == Role::Array && value, "Assign: array binding and value");
}

MultipleAssign::MultipleAssign(SourceLoc loc, std::vector<BindingPtr> b, std::vector<SourceLoc> l, ExprPtr v)
    : Expr(Kind::MultipleAssign, loc, above(v)), bindings(std::move(b)), locs(std::move(l)), value(std::move(v)) {
  require(bindings.size() >= 2 && locs.size() == bindings.size() && value, "MultipleAssign: names and value");
  for (const BindingPtr& binding : bindings) require(binding && binding->role == Role::Array, "MultipleAssign: array bindings");
}

IndexedAssign::IndexedAssign(SourceLoc loc, BindingPtr b, std::vector<ExprPtr> i, ExprPtr v)
    : Expr(Kind::IndexedAssign, loc, std::max(tallest(i), tallest(v)) + 1),
      binding(std::move(b)), indices(std::move(i)), value(std::move(v)) {
  require(binding && binding->role == Role::Array && value && !indices.empty(), "IndexedAssign: fields");
}

ModifiedAssign::ModifiedAssign(SourceLoc loc, BindingPtr b, std::vector<ExprPtr> i, FnPtr f, ExprPtr v)
    : Expr(Kind::ModifiedAssign, loc, std::max({tallest(i), tallest(v), tallest(f)}) + 1),
      binding(std::move(b)), indices(std::move(i)), fn(std::move(f)), value(std::move(v)) {
  require(binding && binding->role == Role::Array && fn && value, "ModifiedAssign: fields");
}

SystemAssign::SystemAssign(SourceLoc loc, std::string n, ExprPtr v)
    : Expr(Kind::SystemAssign, loc, above(v)), name(std::move(n)), value(std::move(v)) {
  require(!name.empty() && value != nullptr, "SystemAssign: name and value");
}

Print::Print(SourceLoc loc, ExprPtr v) : Expr(Kind::Print, loc, above(v)), value(std::move(v)) {
  require(value != nullptr, "Print: value");
}

Primitive::Primitive(SourceLoc loc, char32_t g, std::optional<int64_t> k, std::optional<double> f,
                     std::vector<int64_t> ks)
    : Fn(Kind::Primitive, loc, 1), glyph(g), axis(k), fractionalAxis(f), axes(std::move(ks)) {
  require(static_cast<int>(k.has_value()) + static_cast<int>(f.has_value()) + static_cast<int>(!axes.empty()) <= 1,
          "Primitive: one axis");
}

FnRef::FnRef(SourceLoc loc, BindingPtr b) : Fn(Kind::FnRef, loc, 1), binding(std::move(b)) {
  require(binding && binding->role == Role::Function, "FnRef: needs a function binding");
}

SystemFn::SystemFn(SourceLoc loc, std::string n) : Fn(Kind::SystemFn, loc, 1), name(std::move(n)) {}

Dfn::Dfn(SourceLoc loc, std::vector<StmtPtr> b, BindingPtr a, BindingPtr w, BindingPtr s, BindingPtr aa,
         BindingPtr ww, std::vector<std::string> l, bool t)
    : Fn(Kind::Dfn, loc, tallest(b) + 1), body(std::move(b)), alpha(std::move(a)), omega(std::move(w)),
      self(std::move(s)), alphaAlpha(std::move(aa)), omegaOmega(std::move(ww)), locals(std::move(l)), tradfn(t) {
  require(!body.empty() && alpha && omega && self, "Dfn: body and ⍺ ⍵ ∇ bindings");
  require(!omegaOmega || alphaAlpha, "Dfn: ⍵⍵ without ⍺⍺");
}

Derived::Derived(SourceLoc loc, OperatorKind o, NodePtr l, NodePtr r, std::string s, std::optional<int64_t> k)
    : Fn(Kind::Derived, loc, above(l, r)),
      op(o),
      left(std::move(l)),
      right(std::move(r)),
      systemName(std::move(s)),
      axis(k) {
  bool outer = op == OperatorKind::OuterProduct;
  require(outer ? !left && right && right->isFn() : isExprOrFn(left), "Derived: operands");
  require(!right || isExprOrFn(right), "Derived: right operand");
}

UserDerived::UserDerived(SourceLoc loc, BindingPtr o, NodePtr l, NodePtr r, std::shared_ptr<const Dfn> b)
    : Fn(Kind::UserDerived, loc, above(l, r, b)), op(std::move(o)), left(std::move(l)), right(std::move(r)),
      body(std::move(b)) {
  require(isExprOrFn(left) && (!right || isExprOrFn(right)) && body && body->alphaAlpha, "UserDerived: fields");
  require((right != nullptr) == (body->omegaOmega != nullptr), "UserDerived: ⍵⍵ iff a right operand");
}

Fork::Fork(SourceLoc loc, NodePtr l, FnPtr m, FnPtr r)
    : Fn(Kind::Fork, loc, above(l, m, r)), left(std::move(l)), middle(std::move(m)), right(std::move(r)) {
  require(isExprOrFn(left) && middle && right, "Fork: three tines");
}

Atop::Atop(SourceLoc loc, FnPtr l, FnPtr r) : Fn(Kind::Atop, loc, above(l, r)), left(std::move(l)), right(std::move(r)) {
  require(left && right, "Atop: two functions");
}

ExprStmt::ExprStmt(SourceLoc loc, ExprPtr e) : Stmt(Kind::ExprStmt, loc, above(e)), expr(std::move(e)) {
  require(expr != nullptr, "ExprStmt: expression");
}

Guard::Guard(SourceLoc loc, ExprPtr c, ExprPtr r)
    : Stmt(Kind::Guard, loc, above(c, r)), condition(std::move(c)), result(std::move(r)) {
  require(condition && result, "Guard: condition and result");
}

FnDef::FnDef(SourceLoc loc, BindingPtr b, FnPtr f) : Stmt(Kind::FnDef, loc, above(f)), binding(std::move(b)), fn(std::move(f)) {
  require(binding && binding->role == Role::Function && fn, "FnDef: function binding and value");
}

If::If(SourceLoc loc, std::vector<ExprPtr> c, std::vector<std::vector<StmtPtr>> b)
    : Stmt(Kind::If, loc, std::max(tallest(c), tallestBlock(b)) + 1), conditions(std::move(c)), blocks(std::move(b)) {
  require(!conditions.empty() && (blocks.size() == conditions.size() || blocks.size() == conditions.size() + 1),
          "If: a block per condition, and maybe :Else's");
}

While::While(SourceLoc loc, ExprPtr c, std::vector<StmtPtr> b, bool first)
    : Stmt(Kind::While, loc, std::max(tallest(c), tallest(b)) + 1), condition(std::move(c)), body(std::move(b)),
      testFirst(first) {
  require(condition != nullptr, "While: a condition");
}

For::For(SourceLoc loc, BindingPtr v, ExprPtr values_, std::vector<StmtPtr> b)
    : Stmt(Kind::For, loc, std::max(tallest(values_), tallest(b)) + 1), variable(std::move(v)), values(std::move(values_)),
      body(std::move(b)) {
  require(variable && values, "For: a variable and values");
}

Return::Return(SourceLoc loc, ExprPtr r) : Stmt(Kind::Return, loc, above(r)), result(std::move(r)) {
  require(result != nullptr, "Return: a result");
}

void forEachChild(const Node& n, const std::function<void(const Node&)>& f) {
  auto one = [&](const auto& child) {
    if (child) f(*child);
  };
  auto all = [&](const auto& children) {
    for (const auto& c : children) one(c);
  };
  switch (n.kind) {
    case Kind::Numbers: case Kind::String: case Kind::Zilde: case Kind::Var: case Kind::SystemVar:
    case Kind::Primitive: case Kind::FnRef: case Kind::SystemFn: case Kind::OpDef: case Kind::Leave:
    case Kind::Continue:
      return;
    case Kind::Strand: return all(n.as<Strand>()->items);
    case Kind::Monadic: one(n.as<Monadic>()->fn); return one(n.as<Monadic>()->arg);
    case Kind::Dyadic: one(n.as<Dyadic>()->left); one(n.as<Dyadic>()->fn); return one(n.as<Dyadic>()->right);
    case Kind::Index: one(n.as<Index>()->array); return all(n.as<Index>()->indices);
    case Kind::Assign: return one(n.as<Assign>()->value);
    case Kind::MultipleAssign: return one(n.as<MultipleAssign>()->value);
    case Kind::IndexedAssign: all(n.as<IndexedAssign>()->indices); return one(n.as<IndexedAssign>()->value);
    case Kind::ModifiedAssign:
      all(n.as<ModifiedAssign>()->indices);
      one(n.as<ModifiedAssign>()->fn);
      return one(n.as<ModifiedAssign>()->value);
    case Kind::SystemAssign: return one(n.as<SystemAssign>()->value);
    case Kind::Print: return one(n.as<Print>()->value);
    case Kind::Dfn: return all(n.as<Dfn>()->body);
    case Kind::Derived: one(n.as<Derived>()->left); return one(n.as<Derived>()->right);
    case Kind::UserDerived: one(n.as<UserDerived>()->left); one(n.as<UserDerived>()->right); return one(n.as<UserDerived>()->body);
    case Kind::Fork: one(n.as<Fork>()->left); one(n.as<Fork>()->middle); return one(n.as<Fork>()->right);
    case Kind::Atop: one(n.as<Atop>()->left); return one(n.as<Atop>()->right);
    case Kind::ExprStmt: return one(n.as<ExprStmt>()->expr);
    case Kind::Guard: one(n.as<Guard>()->condition); return one(n.as<Guard>()->result);
    case Kind::FnDef: return one(n.as<FnDef>()->fn);
    case Kind::If:
      for (size_t k = 0; k < n.as<If>()->blocks.size(); ++k) {
        if (k < n.as<If>()->conditions.size()) one(n.as<If>()->conditions[k]);
        all(n.as<If>()->blocks[k]);
      }
      return;
    case Kind::While: one(n.as<While>()->condition); return all(n.as<While>()->body);
    case Kind::For: one(n.as<For>()->values); return all(n.as<For>()->body);
    case Kind::Return: return one(n.as<Return>()->result);
  }
}

namespace {

bool isAssignment(const Expr& e) {
  switch (e.kind) {
    case Kind::Assign: case Kind::MultipleAssign: case Kind::IndexedAssign: case Kind::ModifiedAssign:
    case Kind::SystemAssign: case Kind::Print:
      return true;
    default: return false;
  }
}

// The tradfn binding e calls, if e is a call of one (niladic calls are Monadic, see Resolve.cpp).
const Binding* calledTradfn(const Expr& e) {
  const FnRef* ref = nullptr;
  if (const auto* m = e.as<Monadic>()) ref = m->fn->as<FnRef>();
  if (const auto* d = e.as<Dyadic>()) ref = d->fn->as<FnRef>();
  return ref ? ref->binding.get() : nullptr;
}

}  // namespace

Leave::Leave(SourceLoc loc) : Stmt(Kind::Leave, loc, 1) {}
Continue::Continue(SourceLoc loc) : Stmt(Kind::Continue, loc, 1) {}

bool isShy(const Expr& e) {
  const Binding* called = calledTradfn(e);
  return isAssignment(e) || (called && (called->noResult || called->shyResult));
}

bool isAssignmentOrVoid(const Expr& e) {
  const Binding* called = calledTradfn(e);
  return isAssignment(e) || (called && called->noResult);
}

OpDef::OpDef(SourceLoc loc, BindingPtr b) : Stmt(Kind::OpDef, loc, 1), binding(std::move(b)) {
  require(binding && (binding->role == Role::MonadicOperator || binding->role == Role::DyadicOperator),
          "OpDef: operator binding");
}

}  // namespace aplc::apl::ast
