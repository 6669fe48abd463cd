// Role resolution (see Resolve.h for the rules): syntax trees to the AST.
#include "apl/Resolve.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include "support/Utf8.h"

namespace aplc::apl {

namespace {

using namespace ast;

// Deeper trees than this come only from absurd inputs (thousands of chained functions); later
// stages recurse over the AST, so we stop here with a clear message instead.
constexpr uint32_t kMaxHeight = 2000;

// Operator bodies are resolved once per use, and a body may use other operators: a chain of
// operators each using the previous twice would instantiate 2^n bodies. Real programs need a
// handful; past this budget we stop instead of hanging.
constexpr size_t kMaxOperatorInstances = 5000;

// The system names aplc knows (apltail's, which its corpus uses), with their roles.
struct SystemName {
  std::string_view name;
  Role role;
};
constexpr SystemName kSystemNames[] = {
    {"⎕IO", Role::Array},                   {"⎕PP", Role::Array},                   {"⎕TS", Role::Array},
    {"⎕A", Role::Array},
    {"⎕D", Role::Array},
    {"⎕ReadFile", Role::Function},          {"⎕ReadIntVecFile", Role::Function},
    {"⎕ReadDoubleVecFile", Role::Function}, {"⎕NOW", Role::Function},
    {"⎕INT32AND", Role::Function},          {"⎕INT32OR", Role::Function},
    {"⎕INT32XOR", Role::Function},          {"⎕INT32NOT", Role::Function},
    {"⎕INT32SHL", Role::Function},          {"⎕INT32SHR", Role::Function},
    {"⎕INT32SHAR", Role::Function},         {"⎕BENCH", Role::DyadicOperator},
};

// The bindings of the program (global scope) or of one dfn. Each name keeps its history of
// definitions; the latest one visible wins. A scope sees its parent's bindings only if their id
// is below `parentLimit`: those that existed when the dfn was written (lexical scope).
struct Scope {
  const Scope* parent = nullptr;
  uint32_t parentLimit = 0;
  std::unordered_map<std::string, std::vector<BindingPtr>> names;
};

// A user-defined operator: its dfn and where it was written, to resolve its body there at each
// use, once the operands are known.
struct UserOperator {
  BindingPtr binding;  // null for an operator dfn written in place
  std::shared_ptr<const syntax::Dfn> dfn;
  Role role;
  const Scope* scope;
  uint32_t limit;
};

// A resolved item (or, after grouping, several) with its syntactic class.
struct Phrase {
  enum class Class : uint8_t { Array, Function, Operator, JotDot };
  Class cls = Class::Array;
  SourceLoc loc;
  ExprPtr array;  // Class::Array
  FnPtr fn;       // Class::Function
  // Class::Operator: a primitive (glyph), system (systemName) or user-defined (user) operator.
  Role opRole = Role::MonadicOperator;
  std::string opName;  // for messages
  char32_t glyph = 0;
  std::string systemName;
  std::shared_ptr<const UserOperator> user;
  NodePtr rightOperand;  // a dyadic operator's, once bound
  std::optional<int64_t> axis;  // Class::Operator: / ⌿ \ ⍀ with a constant axis, `+/[k]`
  // Numbers written side by side (one literal `1 2 3`): inside a larger strand, each number is
  // its own item.
  std::vector<SourceLoc> numberLocs;

  static Phrase ofArray(ExprPtr e, SourceLoc loc) {
    Phrase p;
    p.cls = Class::Array;
    p.array = std::move(e);
    p.loc = loc;
    return p;
  }
  static Phrase ofFunction(FnPtr f, SourceLoc loc) {
    Phrase p;
    p.cls = Class::Function;
    p.fn = std::move(f);
    p.loc = loc;
    return p;
  }
  bool isValue() const { return cls == Class::Array || cls == Class::Function; }
  NodePtr node() const { return array ? NodePtr(array) : NodePtr(fn); }
};

using Class = Phrase::Class;

[[noreturn]] void fail(SourceLoc loc, const std::string& message) { throw UserError(loc, message); }

bool isOperatorRole(Role r) { return r == Role::MonadicOperator || r == Role::DyadicOperator; }

bool isNumber(const syntax::Item& item) {
  return item.kind == syntax::Item::Kind::Token && item.token.kind == TokenKind::Number;
}

// The sole item of `e` if `e` is one item of the given kind with no brackets and no assignment.
const syntax::Item* soleItem(const syntax::Expr& e) {
  if (e.assigned || e.items.size() != 1 || !e.items[0].brackets.empty()) return nullptr;
  return &e.items[0];
}

// --- Does a dfn mention ⍺⍺ or ⍵⍵ (outside nested dfns, which are operators of their own)?

struct OperandUse {
  bool alphaAlpha = false, omegaOmega = false;
};

void scanExpr(const syntax::Expr& e, OperandUse& use);

void scanItem(const syntax::Item& item, OperandUse& use) {
  if (item.kind == syntax::Item::Kind::Token) {
    use.alphaAlpha |= item.token.kind == TokenKind::AlphaAlpha;
    use.omegaOmega |= item.token.kind == TokenKind::OmegaOmega;
  } else if (item.kind == syntax::Item::Kind::Paren) {
    scanExpr(*item.inner, use);
  }
  for (const syntax::Brackets& b : item.brackets)
    for (const syntax::ExprPtr& part : b.parts)
      if (part) scanExpr(*part, use);
}

void scanExpr(const syntax::Expr& e, OperandUse& use) {
  for (const syntax::Item& item : e.items) scanItem(item, use);
  if (e.assigned) scanExpr(*e.assigned, use);
}

Role dfnRole(const syntax::Dfn& dfn) {
  OperandUse use;
  for (const syntax::Statement& s : dfn.body) {
    if (s.guard) scanExpr(*s.guard, use);
    scanExpr(*s.expr, use);
  }
  if (use.omegaOmega) return Role::DyadicOperator;
  if (use.alphaAlpha) return Role::MonadicOperator;
  return Role::Function;
}

Role roleOf(const NodePtr& operand) { return operand->isFn() ? Role::Function : Role::Array; }

class Resolver {
 public:
  Resolver() : current_(openScope(nullptr, 0)) {}

  Program run(const std::vector<syntax::Program>& files, size_t preludeFiles, std::vector<Comment> comments) {
    for (const syntax::Program& f : files)
      for (const syntax::Statement& s : f.statements) scanForward(s);
    Program program;
    for (size_t f = 0; f < files.size(); ++f) {
      if (f == preludeFiles) program.userBegin = program.statements.size();
      for (const syntax::Statement& s : files[f].statements) program.statements.push_back(statement(s));
    }
    if (preludeFiles >= files.size()) program.userBegin = program.statements.size();
    program.comments = std::move(comments);
    return program;
  }

 private:
  // ------------------------------------------------------------------------- scopes and names

  Scope* openScope(const Scope* parent, uint32_t limit) {
    scopes_.push_back(std::make_unique<Scope>());
    scopes_.back()->parent = parent;
    scopes_.back()->parentLimit = limit;
    return scopes_.back().get();
  }

  BindingPtr define(const std::string& name, Role role, BindingKind kind, SourceLoc loc) {
    requireLocalized(name, loc);
    auto b = std::make_shared<Binding>(Binding{name, nextId_++, role, kind, loc});
    current_->names[name].push_back(b);
    return b;
  }

  // A dfn may use a name the program defines only after the dfn (Dyalog looks names up when the
  // dfn runs). Its role is taken from the program's `name ← value` statements, at top level and in
  // dfn bodies, when they all agree (a dfn value gives its role, anything else is taken for an
  // array); the elaborator finds the value by name at the call, and a name that turns out to be
  // the other kind there is "not supported", never a silent misreading.
  void scanForward(const syntax::Statement& s) {
    if (s.tradfn) {
      if (s.tradfn->right) forward_.emplace(s.tradfn->name.text, Role::Function);
      return;
    }
    if (s.guard) scanForwardIn(*s.guard);
    if (s.expr) scanForwardIn(*s.expr);
    if (s.guard || !s.expr || !s.expr->assigned || s.expr->items.size() != 1) return;
    const syntax::Item& target = s.expr->items[0];
    if (target.kind != syntax::Item::Kind::Token || target.token.kind != TokenKind::Name || !target.brackets.empty())
      return;
    const syntax::Expr& value = *s.expr->assigned;
    Role role = Role::Array;
    if (const syntax::Item* sole = soleItem(value); sole && sole->kind == syntax::Item::Kind::Dfn) {
      role = dfnRole(*sole->dfn);
    } else {
      for (const syntax::Item& item : value.items) {
        bool fnToken = item.kind == syntax::Item::Kind::Token &&
                       (item.token.kind == TokenKind::Function || item.token.kind == TokenKind::MonadicOperator ||
                        item.token.kind == TokenKind::DyadicOperator);
        if (fnToken || item.kind == syntax::Item::Kind::Dfn) role = Role::Function;
      }
    }
    auto [it, fresh] = forward_.emplace(target.token.text, role);
    if (!fresh && it->second != role) it->second = Role::MonadicOperator;  // ambiguous: not forward
  }

  // The definitions in the dfns inside e count too (a dfn's local helper may come after its use;
  // the elaborator finds the value by name in the scopes of the call, or reports a VALUE ERROR).
  void scanForwardIn(const syntax::Expr& e) {
    for (const syntax::Item& item : e.items) {
      if (item.kind == syntax::Item::Kind::Dfn)
        for (const syntax::Statement& s : item.dfn->body) scanForward(s);
      if (item.kind == syntax::Item::Kind::Paren && item.inner) scanForwardIn(*item.inner);
    }
    if (e.assigned) scanForwardIn(*e.assigned);
  }

  BindingPtr forward(const std::string& name, SourceLoc loc) {
    if (dfnDepth_ == 0) return nullptr;
    auto it = forward_.find(name);
    if (it == forward_.end() || (it->second != Role::Array && it->second != Role::Function)) return nullptr;
    return std::make_shared<Binding>(Binding{name, nextId_++, it->second, BindingKind::Variable, loc});
  }

  BindingPtr lookup(const std::string& name) const {
    uint32_t limit = UINT32_MAX;
    for (const Scope* s = current_; s; limit = std::min(limit, s->parentLimit), s = s->parent) {
      auto it = s->names.find(name);
      if (it == s->names.end()) continue;
      for (auto b = it->second.rbegin(); b != it->second.rend(); ++b)
        if ((*b)->id < limit) return *b;
    }
    return nullptr;
  }

  Phrase bindingPhrase(const BindingPtr& b, SourceLoc loc) {
    if (b->niladic)  // a niladic tradfn runs where it is named (its ⍵, unused, is ⍬)
      return Phrase::ofArray(make<Monadic>(loc, make<FnRef>(loc, b), make<Zilde>(loc)), loc);
    switch (b->role) {
      case Role::Array: return Phrase::ofArray(make<Var>(loc, b), loc);
      case Role::Function: return Phrase::ofFunction(make<FnRef>(loc, b), loc);
      case Role::MonadicOperator:
      case Role::DyadicOperator: break;
    }
    Phrase p;
    p.cls = Class::Operator;
    p.loc = loc;
    p.opRole = b->role;
    p.opName = b->name;
    p.user = operators_.at(b->id);
    return p;
  }

  // ------------------------------------------------------------------------------- statements

  StmtPtr statement(const syntax::Statement& s) {
    if (s.tradfn) return tradfnDefinition(*s.tradfn);
    if (s.guard) {
      if (dfnDepth_ == 0) fail(s.loc, "SYNTAX ERROR: a guard (condition: result) is only allowed inside a dfn");
      if (inTradfnBody()) fail(s.loc, "not supported: a label (name:) in a tradfn; a guard (condition: result) is only for dfns");
      // The result is evaluated only after the condition: resolve them in that order.
      ExprPtr condition = arrayExpr(*s.guard, "a guard's condition");
      ExprPtr result = arrayExpr(*s.expr, "a guard's result");
      return make<Guard>(s.loc, std::move(condition), std::move(result));
    }
    if (StmtPtr def = definition(*s.expr)) return def;
    return make<ExprStmt>(s.loc, arrayValue(expr(*s.expr), "a statement"));
  }

  // `name ← value` as a whole statement, where value may also be a function or an operator.
  // Returns null if the statement has another form.
  StmtPtr definition(const syntax::Expr& e) {
    if (!e.assigned || e.items.size() != 1) return nullptr;
    const syntax::Item& target = e.items[0];
    if (target.kind != syntax::Item::Kind::Token || target.token.kind != TokenKind::Name || !target.brackets.empty())
      return nullptr;
    const std::string& name = target.token.text;
    const syntax::Expr& value = *e.assigned;
    const syntax::Item* sole = soleItem(value);

    if (sole && sole->kind == syntax::Item::Kind::Dfn) {
      // Defined before its body is resolved, so that the dfn can call itself by name.
      Role role = dfnRole(*sole->dfn);
      BindingPtr b = define(name, role, BindingKind::Variable, target.loc);
      if (role == Role::Function) return make<FnDef>(target.loc, b, dfnBody(*sole->dfn, current_, nextId_, {}, {}));
      operators_[b->id] = std::make_shared<UserOperator>(UserOperator{b, sole->dfn, role, current_, nextId_});
      return make<OpDef>(target.loc, b);
    }
    if (sole && sole->kind == syntax::Item::Kind::Token && sole->token.kind == TokenKind::Name) {
      BindingPtr other = lookup(sole->token.text);
      if (other && isOperatorRole(other->role)) {  // another name for an operator
        UserOperator op = *operators_.at(other->id);
        op.binding = define(name, other->role, BindingKind::Variable, target.loc);
        operators_[op.binding->id] = std::make_shared<UserOperator>(op);
        return make<OpDef>(target.loc, op.binding);
      }
    }
    Phrase p = expr(value);
    if (p.cls == Class::Function) {
      BindingPtr b = define(name, Role::Function, BindingKind::Variable, target.loc);
      return make<FnDef>(target.loc, b, p.fn);
    }
    ExprPtr v = arrayValue(p, "an assigned value");
    BindingPtr b = define(name, Role::Array, BindingKind::Variable, target.loc);
    return make<ExprStmt>(target.loc, make<Assign>(target.loc, b, v));
  }

  // A dfn's body in a new scope under `parent` (seeing its bindings below `limit`). For an
  // operator instance, `left`/`right` are the operands that ⍺⍺/⍵⍵ stand for.
  std::shared_ptr<const Dfn> dfnBody(const syntax::Dfn& dfn, const Scope* parent, uint32_t limit,
                                     const NodePtr& left, const NodePtr& right) {
    if (dfn.body.empty()) fail(dfn.loc, "SYNTAX ERROR: empty dfn: a dfn must compute a value");
    // On a user error the whole resolution stops, so the scope need not be restored then.
    Scope* saved = std::exchange(current_, openScope(parent, limit));
    ++dfnDepth_;
    BindingPtr alpha = define("⍺", Role::Array, BindingKind::Alpha, dfn.loc);
    BindingPtr omega = define("⍵", Role::Array, BindingKind::Omega, dfn.loc);
    BindingPtr self = define("∇", Role::Function, BindingKind::Self, dfn.loc);
    BindingPtr alphaAlpha = left ? define("⍺⍺", roleOf(left), BindingKind::LeftOperand, dfn.loc) : nullptr;
    BindingPtr omegaOmega = right ? define("⍵⍵", roleOf(right), BindingKind::RightOperand, dfn.loc) : nullptr;
    std::vector<StmtPtr> body;
    for (const syntax::Statement& s : dfn.body) body.push_back(statement(s));
    --dfnDepth_;
    current_ = saved;
    return make<Dfn>(dfn.loc, std::move(body), alpha, omega, self, alphaAlpha, omegaOmega);
  }

  // ------------------------------------------------------------------------------- tradfns

  // A tradfn is resolved as a dfn (Ast.h): its arguments are the dfn's ⍺ and ⍵ under the header's
  // names, its statements display their values as top-level ones do, and a last statement gives
  // its result. Names it assigns (also by x[i]← or x+←) must be localized in its header: Dyalog
  // would assign the global name, or a caller's local, which aplc does not do, so that is "not
  // supported" rather than a difference.
  struct Tradfn {
    const syntax::TradFn* syntax;
    const Scope* scope;                    // the function's own (not its dfns')
    std::unordered_set<std::string> local;  // names it may assign: arguments, result, ;names
    int loops = 0;                          // the loops around the line being resolved
  };

  bool inTradfnBody() const { return !tradfns_.empty() && current_ == tradfns_.back().scope; }

  void requireLocalized(const std::string& name, SourceLoc loc) const {
    if (!inTradfnBody() || tradfns_.back().local.count(name)) return;
    fail(loc, "not supported: assigning " + name + " in the function " + tradfns_.back().syntax->name.text +
                  ", whose header does not localize it (add ;" + name + "): aplc does not assign names outside a function");
  }

  StmtPtr tradfnDefinition(const syntax::TradFn& t) {
    APLC_INTERNAL_CHECK(dfnDepth_ == 0, "tradfns are defined at top level");
    SourceLoc loc = t.loc;
    auto binding = std::make_shared<Binding>(Binding{t.name.text, nextId_++, Role::Function, BindingKind::Variable, t.name.loc});
    binding->niladic = !t.right;
    binding->monadic = t.right && !t.left;
    binding->noResult = !t.result;
    binding->shyResult = t.shyResult;
    current_->names[t.name.text].push_back(binding);  // before the body, which may name it

    Scope* saved = std::exchange(current_, openScope(current_, nextId_));
    ++dfnDepth_;
    BindingPtr alpha = define(t.left ? t.left->text : "⍺", Role::Array, BindingKind::Alpha, t.left ? t.left->loc : loc);
    BindingPtr omega = define(t.right ? t.right->text : "⍵", Role::Array, BindingKind::Omega, t.right ? t.right->loc : loc);
    BindingPtr self = define("∇", Role::Function, BindingKind::Self, loc);
    Tradfn fn{&t, current_, {}, 0};
    std::vector<std::string> locals;
    if (t.result) locals.push_back(t.result->text);
    for (const Token& name : t.locals) locals.push_back(name.text);
    fn.local.insert(locals.begin(), locals.end());
    if (t.left) fn.local.insert(t.left->text);
    if (t.right) fn.local.insert(t.right->text);
    tradfns_.push_back(std::move(fn));
    std::vector<StmtPtr> body = block(t.body);
    body.push_back(make<ExprStmt>(loc, resultOf(t, loc)));
    tradfns_.pop_back();
    --dfnDepth_;
    current_ = saved;
    std::erase_if(locals, [](const std::string& n) { return n.rfind("⎕", 0) == 0; });
    auto dfn = make<Dfn>(loc, std::move(body), alpha, omega, self, nullptr, nullptr, std::move(locals), true);
    return make<FnDef>(t.name.loc, binding, dfn);
  }

  // The function's result where it ends: its result variable, read by name (whatever binding
  // holds it then), or ⍬ for a function without one.
  ExprPtr resultOf(const syntax::TradFn& t, SourceLoc loc) {
    if (!t.result) return make<Zilde>(loc);
    return make<Var>(loc, std::make_shared<Binding>(Binding{t.result->text, nextId_++, Role::Array, BindingKind::Variable, t.result->loc}));
  }

  std::vector<StmtPtr> loopBody(const syntax::Block& lines) {
    ++tradfns_.back().loops;
    std::vector<StmtPtr> body = block(lines);
    --tradfns_.back().loops;
    return body;
  }

  std::vector<StmtPtr> block(const syntax::Block& lines) {
    std::vector<StmtPtr> out;
    for (const syntax::Control& c : lines) out.push_back(control(c));
    return out;
  }

  StmtPtr control(const syntax::Control& c) {
    using K = syntax::Control::Kind;
    switch (c.kind) {
      case K::Statement: {
        StmtPtr s = statement(c.statement);
        const auto* e = s->as<ExprStmt>();
        if (!e || isShy(*e->expr)) return s;
        return make<ExprStmt>(s->loc, make<Print>(e->expr->loc, e->expr));  // a value on its own displays
      }
      case K::If: {
        std::vector<ExprPtr> conditions;
        std::vector<std::vector<StmtPtr>> blocks;
        for (size_t i = 0; i < c.blocks.size(); ++i) {
          if (i < c.conditions.size()) conditions.push_back(arrayExpr(*c.conditions[i], "a condition"));
          blocks.push_back(block(c.blocks[i]));
        }
        return make<If>(c.loc, std::move(conditions), std::move(blocks));
      }
      case K::While: {
        ExprPtr condition = arrayExpr(*c.conditions[0], "a condition");
        return make<While>(c.loc, condition, loopBody(c.blocks[0]), true);
      }
      case K::Repeat: {
        std::vector<StmtPtr> body = loopBody(c.blocks[0]);
        return make<While>(c.loc, arrayExpr(*c.conditions[0], "a condition"), std::move(body), false);
      }
      case K::For: {
        ExprPtr values = arrayExpr(*c.conditions[0], "the values of :For");
        BindingPtr variable = define(c.variable.text, Role::Array, BindingKind::Variable, c.variable.loc);
        return make<For>(c.loc, variable, values, loopBody(c.blocks[0]));
      }
      case K::Return: return make<Return>(c.loc, resultOf(*tradfns_.back().syntax, c.loc));
      case K::Leave:
      case K::Continue:
        if (tradfns_.back().loops == 0)
          fail(c.loc, std::string("SYNTAX ERROR: ") + (c.kind == K::Leave ? ":Leave" : ":Continue") + " outside a loop");
        if (c.kind == K::Leave) return make<Leave>(c.loc);
        return make<Continue>(c.loc);
    }
    throw InternalError("control: unknown kind");
  }

  // ------------------------------------------------------------------------------ expressions

  ExprPtr arrayValue(const Phrase& p, const std::string& what) {
    if (p.cls == Class::Function)
      fail(p.loc, "SYNTAX ERROR: this is a function, but " + what + " must be an array");
    APLC_INTERNAL_CHECK(p.cls == Class::Array, "a resolved expression is an array or a function");
    return p.array;
  }

  ExprPtr arrayExpr(const syntax::Expr& e, const std::string& what) { return arrayValue(expr(e), what); }

  Phrase expr(const syntax::Expr& e) {
    if (!e.assigned) return segment(e.items, e.items.size(), std::nullopt);
    if (isModifiedAssignment(e)) {
      Phrase assignment = modifiedAssign(e);
      return segment(e.items, e.items.size() - 2, assignment);
    }
    if (size_t names = multipleAssignmentNames(e); names >= 2) {
      Phrase assignment = multipleAssign(e, names);
      return segment(e.items, e.items.size() - names, assignment);
    }
    Phrase assignment = assign(e);
    return segment(e.items, e.items.size() - 1, assignment);
  }

  // `a b ← …`: the names just before the arrow that are not functions or operators (defined
  // arrays or new names) are Dyalog's multiple assignment; how many there are (1: an ordinary
  // assignment).
  size_t multipleAssignmentNames(const syntax::Expr& e) {
    auto plainName = [](const syntax::Item& i) {
      return i.kind == syntax::Item::Kind::Token && i.token.kind == TokenKind::Name && i.brackets.empty();
    };
    size_t names = 0;
    for (size_t k = e.items.size(); k-- > 0;) {
      const syntax::Item& item = e.items[k];
      if (!plainName(item)) break;
      BindingPtr b = lookup(item.token.text);
      if (b && b->role != Role::Array) break;
      ++names;
    }
    return names;
  }

  // `a b c ← value`: the value is resolved first, then each name is defined as an array.
  Phrase multipleAssign(const syntax::Expr& e, size_t names) {
    Phrase value = expr(*e.assigned);
    if (value.cls == Class::Function)
      fail(e.arrowLoc, "SYNTAX ERROR: a function cannot be given to several names");
    std::vector<BindingPtr> bindings;
    std::vector<SourceLoc> locs;
    for (size_t k = e.items.size() - names; k < e.items.size(); ++k) {
      const syntax::Item& target = e.items[k];
      bindings.push_back(define(target.token.text, Role::Array, BindingKind::Variable, target.loc));
      locs.push_back(target.loc);
    }
    SourceLoc first = locs.front();
    return Phrase::ofArray(make<MultipleAssign>(first, std::move(bindings), std::move(locs), value.array), first);
  }

  // `x f← v`, `x[i] f← v`: a name (or a system name, not supported) then one function item.
  bool isModifiedAssignment(const syntax::Expr& e) {
    if (e.items.size() < 2) return false;
    const syntax::Item& f = e.items.back();
    const syntax::Item& target = e.items[e.items.size() - 2];
    if (!f.brackets.empty()) return false;
    bool isFunction = f.kind == syntax::Item::Kind::Dfn && dfnRole(*f.dfn) == Role::Function;
    if (f.kind == syntax::Item::Kind::Token) {
      if (f.token.kind == TokenKind::Function) isFunction = true;
      if (f.token.kind == TokenKind::Name) {
        BindingPtr b = lookup(f.token.text);
        isFunction = b && b->role == Role::Function;
      }
    }
    if (!isFunction || target.kind != syntax::Item::Kind::Token) return false;
    if (target.token.kind == TokenKind::SystemName && target.token.text != "⎕")
      fail(target.loc, "not supported: modified assignment to " + target.token.text);
    return target.token.kind == TokenKind::Name;
  }

  // `x f← v` is x ← x f v and `x[i] f← v` is x[i] ← x[i] f v (Dyalog): an update of the existing
  // binding, like indexed assignment. The value is resolved first (it is evaluated first).
  Phrase modifiedAssign(const syntax::Expr& e) {
    const syntax::Item& target = e.items[e.items.size() - 2];
    Phrase value = expr(*e.assigned);
    if (value.cls == Class::Function)
      fail(e.arrowLoc, "not supported: naming a function inside an expression; write `name ← function` as a statement");
    Phrase f = item(e.items.back());
    APLC_INTERNAL_CHECK(f.cls == Class::Function, "a modified assignment's function");
    if (target.brackets.size() > 1)
      fail(target.brackets.back().loc, "SYNTAX ERROR: only a name with one index [ ] can be assigned to");
    std::vector<ExprPtr> indices;
    if (!target.brackets.empty()) indices = bracketParts(target.brackets[0]);
    requireLocalized(target.token.text, target.loc);
    BindingPtr b = lookup(target.token.text);
    if (!b) valueError(target);
    if (b->role != Role::Array)
      fail(target.loc, "SYNTAX ERROR: '" + target.token.text + "' is a " + describe(b->role) + "; only arrays can be assigned with f←");
    return Phrase::ofArray(make<ModifiedAssign>(target.loc, b, std::move(indices), f.fn, value.array), target.loc);
  }

  // `… target ← value`: the assignment itself, an array phrase.
  Phrase assign(const syntax::Expr& e) {
    const syntax::Item& target = e.items.back();
    bool isToken = target.kind == syntax::Item::Kind::Token;
    bool isName = isToken && target.token.kind == TokenKind::Name;
    bool isQuad = isToken && target.token.kind == TokenKind::SystemName;
    if (isToken && target.token.kind == TokenKind::Alpha && dfnDepth_ > 0 && target.brackets.empty()) {
      // `⍺←default` in a dfn: an assignment to the dfn's ⍺, which the elaborator makes only when
      // the dfn is applied monadically (as Dyalog does).
      Phrase value = expr(*e.assigned);
      ExprPtr v = arrayValue(value, "the default left argument");
      return Phrase::ofArray(make<Assign>(target.loc, lookup("⍺"), v), target.loc);
    }
    if (!isName && !isQuad)
      fail(target.loc, "SYNTAX ERROR: cannot assign to this: only a name, an indexed name x[i] or ⎕ can be left of ←");
    bool setting = isQuad && (target.token.text == "⎕IO" || target.token.text == "⎕PP");
    if (isQuad && target.token.text != "⎕" && !setting)
      fail(target.loc, "not supported: assigning to " + target.token.text);
    if (target.brackets.size() > 1 || (isQuad && !target.brackets.empty()))
      fail(target.brackets.back().loc, "SYNTAX ERROR: only a name with one index [ ] can be assigned to");

    // The value is right of the arrow: it is evaluated, and its definitions made, first.
    Phrase value = expr(*e.assigned);
    if (value.cls == Class::Function)
      fail(e.arrowLoc, "not supported: naming a function inside an expression; write `name ← function` as a statement");
    ExprPtr v = value.array;
    if (setting) {
      requireLocalized(target.token.text, target.loc);
      return Phrase::ofArray(make<SystemAssign>(target.loc, target.token.text, v), target.loc);
    }
    if (isQuad) return Phrase::ofArray(make<Print>(target.loc, v), target.loc);
    const std::string& name = target.token.text;
    if (target.brackets.empty()) {
      BindingPtr b = define(name, Role::Array, BindingKind::Variable, target.loc);
      return Phrase::ofArray(make<Assign>(target.loc, b, v), target.loc);
    }
    std::vector<ExprPtr> indices = bracketParts(target.brackets[0]);
    requireLocalized(name, target.loc);
    BindingPtr b = lookup(name);
    if (!b) valueError(target);
    if (b->role != Role::Array)
      fail(target.loc, "SYNTAX ERROR: '" + name + "' is a " + describe(b->role) + "; only arrays can be indexed");
    return Phrase::ofArray(make<IndexedAssign>(target.loc, b, std::move(indices), v), target.loc);
  }

  [[noreturn]] void valueError(const syntax::Item& item) {
    std::string hint = dfnDepth_ > 0 ? " (a dfn can use a name the program assigns later, but not this one)" : "";
    fail(item.loc, "VALUE ERROR: '" + item.token.text + "' is not defined" + hint);
  }

  // The first `count` items (and the already resolved `last`, if any), grouped by APL's binding
  // rules (Resolve.h), strongest first.
  Phrase segment(const std::vector<syntax::Item>& items, size_t count, std::optional<Phrase> last) {
    // Right to left, in evaluation order: `a ← b + (b ← 5)` defines b before its use.
    std::vector<Phrase> phrases;
    if (last) phrases.push_back(std::move(*last));
    for (size_t end = count; end > 0;) {
      size_t begin = end - 1;
      if (isNumber(items[begin])) {
        while (begin > 0 && isNumber(items[begin - 1]) && items[begin - 1].brackets.empty()) --begin;
        phrases.push_back(numbers(items, begin, end));
      } else {
        phrases.push_back(item(items[begin]));
      }
      end = begin;
    }
    std::reverse(phrases.begin(), phrases.end());
    phrases = bindOuterProducts(std::move(phrases));
    phrases = bindRightOperands(std::move(phrases));
    phrases = formStrands(std::move(phrases));
    phrases = bindLeftOperands(std::move(phrases));
    return applyFunctions(std::move(phrases));
  }

  // Numbers side by side, `1 2 3`, are one literal (brackets after it index all of it).
  Phrase numbers(const std::vector<syntax::Item>& items, size_t begin, size_t end) {
    std::vector<NumberLiteral> values;
    std::vector<std::string> spellings;
    std::vector<SourceLoc> locs;
    for (size_t i = begin; i < end; ++i) {
      values.push_back(items[i].token.number);
      spellings.push_back(items[i].token.text);
      locs.push_back(items[i].loc);
    }
    Phrase p = Phrase::ofArray(make<Numbers>(locs[0], std::move(values), std::move(spellings)), locs[0]);
    p.numberLocs = std::move(locs);
    return withBrackets(std::move(p), items[end - 1]);
  }

  Phrase item(const syntax::Item& it) {
    switch (it.kind) {
      case syntax::Item::Kind::Paren: {
        // Bracket contents are right of the item: resolve them first.
        std::vector<std::vector<ExprPtr>> lists = bracketLists(it);
        Phrase p = expr(*it.inner);
        p.loc = it.loc;
        p.numberLocs.clear();
        return withBrackets(std::move(p), it, std::move(lists));
      }
      case syntax::Item::Kind::Dfn: {
        std::vector<std::vector<ExprPtr>> lists = bracketLists(it);
        Role role = dfnRole(*it.dfn);
        if (role == Role::Function)
          return withBrackets(Phrase::ofFunction(dfnBody(*it.dfn, current_, nextId_, {}, {}), it.loc), it,
                              std::move(lists));
        Phrase p;
        p.cls = Class::Operator;
        p.loc = it.loc;
        p.opRole = role;
        p.opName = "{…}";
        p.user = std::make_shared<UserOperator>(UserOperator{nullptr, it.dfn, role, current_, nextId_});
        return withBrackets(std::move(p), it, std::move(lists));
      }
      case syntax::Item::Kind::Token: break;
    }
    std::vector<std::vector<ExprPtr>> lists = bracketLists(it);
    return withBrackets(token(it), it, std::move(lists));
  }

  Phrase token(const syntax::Item& it) {
    const Token& t = it.token;
    SourceLoc loc = it.loc;
    switch (t.kind) {
      case TokenKind::Number: return Phrase::ofArray(make<Numbers>(loc, std::vector{t.number}, std::vector{t.text}), loc);
      case TokenKind::String: return Phrase::ofArray(make<ast::String>(loc, t.text), loc);
      case TokenKind::Zilde: return Phrase::ofArray(make<Zilde>(loc), loc);
      case TokenKind::Name: {
        BindingPtr b = lookup(t.text);
        if (!b) b = forward(t.text, loc);
        if (!b) valueError(it);
        return bindingPhrase(b, loc);
      }
      case TokenKind::Alpha:
      case TokenKind::Omega:
      case TokenKind::AlphaAlpha:
      case TokenKind::OmegaOmega:
      case TokenKind::Del: {
        BindingPtr b = lookup(t.text);
        if (!b) fail(loc, "SYNTAX ERROR: " + t.text + " can only be used inside a dfn");
        return bindingPhrase(b, loc);
      }
      case TokenKind::SystemName: return systemName(it);
      case TokenKind::Function: return Phrase::ofFunction(make<Primitive>(loc, t.glyph), loc);
      case TokenKind::MonadicOperator:
      case TokenKind::DyadicOperator: {
        Phrase p;
        p.cls = Class::Operator;
        p.loc = loc;
        p.opRole = t.kind == TokenKind::MonadicOperator ? Role::MonadicOperator : Role::DyadicOperator;
        p.opName = t.text;
        p.glyph = t.glyph;
        return p;
      }
      case TokenKind::JotDot: {
        Phrase p;
        p.cls = Class::JotDot;
        p.loc = loc;
        return p;
      }
      default: break;
    }
    throw InternalError("the parser made an item of token kind " + std::string(name(t.kind)));
  }

  Phrase systemName(const syntax::Item& it) {
    const std::string& n = it.token.text;
    if (n == "⎕") fail(it.loc, "not supported: reading input from ⎕ (⎕ can only be assigned to: ⎕ ← value)");
    for (const SystemName& s : kSystemNames) {
      if (s.name != n) continue;
      if (s.role == Role::Array) return Phrase::ofArray(make<SystemVar>(it.loc, n), it.loc);
      if (s.role == Role::Function) return Phrase::ofFunction(make<SystemFn>(it.loc, n), it.loc);
      Phrase p;
      p.cls = Class::Operator;
      p.loc = it.loc;
      p.opRole = s.role;
      p.opName = n;
      p.systemName = n;
      return p;
    }
    fail(it.loc, "unknown system name " + n);
  }

  // ------------------------------------------------------------------------------- brackets

  std::vector<std::vector<ExprPtr>> bracketLists(const syntax::Item& it) {
    std::vector<std::vector<ExprPtr>> lists(it.brackets.size());
    for (size_t i = it.brackets.size(); i > 0; --i) lists[i - 1] = bracketParts(it.brackets[i - 1]);
    return lists;
  }

  // `[i;;j]`, right to left; null for an elided axis.
  std::vector<ExprPtr> bracketParts(const syntax::Brackets& b) {
    if (b.parts.size() == 1 && !b.parts[0]) fail(b.loc, "not supported: empty brackets [ ] (write the indices)");
    std::vector<ExprPtr> parts(b.parts.size());
    for (size_t i = b.parts.size(); i > 0; --i)
      if (b.parts[i - 1]) parts[i - 1] = arrayExpr(*b.parts[i - 1], "an index");
    return parts;
  }

  Phrase withBrackets(Phrase p, const syntax::Item& it) { return withBrackets(std::move(p), it, bracketLists(it)); }

  Phrase withBrackets(Phrase p, const syntax::Item& it, std::vector<std::vector<ExprPtr>> lists) {
    for (size_t i = 0; i < lists.size(); ++i) {
      if (p.cls != Class::Array && i == 0 && takesAxis(p)) {
        p = withAxis(std::move(p), lists[i], it.brackets[i].loc);
        continue;
      }
      if (p.cls != Class::Array)
        fail(it.brackets[i].loc, "not supported: an axis [ ] on a function or operator (only arrays can be indexed)");
      p.array = make<Index>(it.brackets[i].loc, p.array, std::move(lists[i]));
      p.numberLocs.clear();
    }
    return p;
  }

  // The functions and operators that take an axis: `⌽[k]` `⊖[k]` `,[k]` `⍪[k]` `↑[k]` `↓[k]`, the
  // scalar dyadic functions (`m×[1]v`) and the operators `/[k]` `⌿[k]` `\[k]` `⍀[k]` (whose left operand, a function or an array, is only
  // known later).
  static bool takesAxis(const Phrase& p) {
    if (p.cls == Class::Operator)
      return !p.user && p.systemName.empty() && std::u32string_view(U"/⌿\\⍀").find(p.glyph) != std::u32string_view::npos;
    if (p.cls != Class::Function) return false;
    const auto* prim = p.fn->as<Primitive>();
    return prim && std::u32string_view(U"⌽⊖,⍪↑↓+-×÷*⍟|⌈⌊○!∧∨⍲⍱<≤=≥>≠").find(prim->glyph) != std::u32string_view::npos;
  }

  // The axis is a constant (written in ⎕IO; the elaborator checks its range): an integer, or for
  // `,` and `⍪` a fraction (laminate, `,[0.5]`); for `,` `↑` `↓` a vector of integers.
  Phrase withAxis(Phrase p, const std::vector<ExprPtr>& parts, SourceLoc loc) {
    const auto* n = parts.size() == 1 && parts[0] ? parts[0]->as<Numbers>() : nullptr;
    if (n && n->values.size() > 1 && p.cls == Class::Function) return withAxes(std::move(p), *n, loc);
    if (!n || n->values.size() != 1 || n->values[0].kind == NumberLiteral::Kind::Complex)
      fail(loc, "not supported: an axis that is not one constant number");
    const NumberLiteral& v = n->values[0];
    std::optional<int64_t> k;
    std::optional<double> fraction;
    if (v.kind == NumberLiteral::Kind::Int) k = v.intValue;
    else if (v.doubleValue == std::floor(v.doubleValue) && std::fabs(v.doubleValue) < 1e15) k = static_cast<int64_t>(v.doubleValue);
    else fraction = v.doubleValue;
    if (p.cls == Class::Operator) {
      if (fraction) fail(loc, "AXIS ERROR: the axis of " + p.opName + " must be an integer");
      p.axis = k;
      return p;
    }
    char32_t glyph = p.fn->as<Primitive>()->glyph;
    if (fraction && glyph != U',' && glyph != U'⍪')
      fail(loc, "AXIS ERROR: only , and ⍪ take a fractional axis (laminate)");
    p.fn = make<Primitive>(p.fn->loc, glyph, k, fraction);
    return p;
  }

  // `,[2 3]` `↑[1 2]` `↓[1 2]`: several axes, each an integer constant.
  Phrase withAxes(Phrase p, const Numbers& n, SourceLoc loc) {
    char32_t glyph = p.fn->as<Primitive>()->glyph;
    if (glyph != U',' && glyph != U'↑' && glyph != U'↓')
      fail(loc, "not supported: an axis of several numbers on " + utf8::encode(glyph) + " (only , ↑ ↓ take one)");
    std::vector<int64_t> axes;
    for (const NumberLiteral& v : n.values) {
      bool whole = v.kind == NumberLiteral::Kind::Int ||
                   (v.kind == NumberLiteral::Kind::Double && v.doubleValue == std::floor(v.doubleValue) && std::fabs(v.doubleValue) < 1e15);
      if (!whole) fail(loc, "AXIS ERROR: the axes of " + utf8::encode(glyph) + " must be integers");
      axes.push_back(v.kind == NumberLiteral::Kind::Int ? v.intValue : static_cast<int64_t>(v.doubleValue));
    }
    p.fn = make<Primitive>(p.fn->loc, glyph, std::nullopt, std::nullopt, std::move(axes));
    return p;
  }

  // ---------------------------------------------------------------------- the binding rules

  // ∘.f: the outer product takes the function right after it.
  std::vector<Phrase> bindOuterProducts(std::vector<Phrase> ps) {
    std::vector<Phrase> out;
    for (size_t i = 0; i < ps.size(); ++i) {
      if (ps[i].cls != Class::JotDot) {
        out.push_back(std::move(ps[i]));
        continue;
      }
      if (i + 1 == ps.size() || ps[i + 1].cls != Class::Function)
        fail(ps[i].loc, "SYNTAX ERROR: ∘. needs a function on its right, as in ∘.×");
      out.push_back(Phrase::ofFunction(make<Derived>(ps[i].loc, OperatorKind::OuterProduct, nullptr, ps[i + 1].fn),
                                       ps[i].loc));
      ++i;
    }
    return out;
  }

  // A dyadic operator takes the one item right after it as its right operand (f⍣2, +.×).
  std::vector<Phrase> bindRightOperands(std::vector<Phrase> ps) {
    std::vector<Phrase> out;
    for (size_t i = 0; i < ps.size(); ++i) {
      Phrase p = std::move(ps[i]);
      if (p.cls == Class::Operator && p.opRole == Role::DyadicOperator) {
        if (i + 1 == ps.size() || !ps[i + 1].isValue())
          fail(p.loc, "SYNTAX ERROR: the dyadic operator " + p.opName + " needs a right operand");
        p.rightOperand = ps[++i].node();
      }
      out.push_back(std::move(p));
    }
    return out;
  }

  // Arrays side by side form one array (a strand).
  std::vector<Phrase> formStrands(std::vector<Phrase> ps) {
    std::vector<Phrase> out;
    for (size_t i = 0; i < ps.size();) {
      size_t j = i;
      while (j < ps.size() && ps[j].cls == Class::Array) ++j;
      if (j - i < 2) {
        out.push_back(std::move(ps[i++]));
        continue;
      }
      std::vector<ExprPtr> items;
      for (size_t k = i; k < j; ++k) appendStrandItems(ps[k], items);
      out.push_back(Phrase::ofArray(make<Strand>(ps[i].loc, std::move(items)), ps[i].loc));
      i = j;
    }
    return out;
  }

  void appendStrandItems(const Phrase& p, std::vector<ExprPtr>& items) {
    if (p.numberLocs.size() < 2) {
      items.push_back(p.array);
      return;
    }
    const auto* run = p.array->as<Numbers>();
    APLC_INTERNAL_CHECK(run != nullptr, "a number run is a Numbers node");
    for (size_t k = 0; k < run->values.size(); ++k)
      items.push_back(make<Numbers>(p.numberLocs[k], std::vector{run->values[k]}, std::vector{run->spellings[k]}));
  }

  // Each operator takes the item left of it as its left operand, left to right (+/¨ is (+/)¨).
  std::vector<Phrase> bindLeftOperands(std::vector<Phrase> ps) {
    std::vector<Phrase> out;
    for (Phrase& p : ps) {
      if (p.cls != Class::Operator) {
        out.push_back(std::move(p));
        continue;
      }
      if (out.empty() || !out.back().isValue())
        fail(p.loc, "SYNTAX ERROR: the operator " + p.opName + " needs a left operand");
      Phrase left = std::move(out.back());
      out.pop_back();
      FnPtr derived = applyOperator(p, left);
      checkHeight(*derived);
      out.push_back(Phrase::ofFunction(derived, left.loc));
    }
    return out;
  }

  FnPtr applyOperator(const Phrase& op, const Phrase& left) {
    NodePtr l = left.node();
    const NodePtr& r = op.rightOperand;
    if (op.user) return instantiate(*op.user, op.loc, l, r);
    if (!op.systemName.empty()) {
      requireFunctionOperand(op, l, "left");
      return make<Derived>(op.loc, OperatorKind::SystemOperator, l, r, op.systemName);
    }
    bool fnLeft = l->isFn();
    if (op.axis) {  // f/[k] f⌿[k] f\[k] f⍀[k], A/[k] A⌿[k] A\[k] A⍀[k] (takesAxis)
      bool slash = op.glyph == U'/' || op.glyph == U'⌿';
      OperatorKind kind = fnLeft ? (slash ? OperatorKind::Reduce : OperatorKind::Scan)
                                 : (slash ? OperatorKind::Replicate : OperatorKind::Expand);
      return make<Derived>(op.loc, kind, l, nullptr, std::string(), op.axis);
    }
    switch (op.glyph) {
      case U'/': return make<Derived>(op.loc, fnLeft ? OperatorKind::Reduce : OperatorKind::Replicate, l, nullptr);
      case U'⌿':
        return make<Derived>(op.loc, fnLeft ? OperatorKind::ReduceFirst : OperatorKind::ReplicateFirst, l, nullptr);
      case U'\\': return make<Derived>(op.loc, fnLeft ? OperatorKind::Scan : OperatorKind::Expand, l, nullptr);
      case U'⍀': return make<Derived>(op.loc, fnLeft ? OperatorKind::ScanFirst : OperatorKind::ExpandFirst, l, nullptr);
      case U'¨':
        requireFunctionOperand(op, l, "left");
        return make<Derived>(op.loc, OperatorKind::Each, l, nullptr);
      case U'⍨':
        requireFunctionOperand(op, l, "left");
        return make<Derived>(op.loc, OperatorKind::Commute, l, nullptr);
      case U'.':
        requireFunctionOperand(op, l, "left");
        requireFunctionOperand(op, r, "right");
        return make<Derived>(op.loc, OperatorKind::InnerProduct, l, r);
      case U'∘':
        if (fnLeft && r->isFn()) return make<Derived>(op.loc, OperatorKind::Compose, l, r);
        if (r->isFn()) return make<Derived>(op.loc, OperatorKind::BindLeft, l, r);
        if (fnLeft) return make<Derived>(op.loc, OperatorKind::BindRight, l, r);
        fail(op.loc, "SYNTAX ERROR: ∘ needs a function as at least one of its operands");
      case U'⍣':
        requireFunctionOperand(op, l, "left");
        return make<Derived>(op.loc, OperatorKind::Power, l, r);  // r: a count, or g of f⍣g
      default: break;
    }
    throw InternalError("unknown primitive operator " + op.opName);
  }

  void requireFunctionOperand(const Phrase& op, const NodePtr& operand, const char* side) {
    if (!operand->isFn())
      fail(op.loc, "SYNTAX ERROR: the " + std::string(side) + " operand of " + op.opName + " must be a function, not an array");
  }

  // A user-defined operator's body, resolved where it was written, for these operands.
  FnPtr instantiate(const UserOperator& op, SourceLoc loc, const NodePtr& left, const NodePtr& right) {
    const syntax::Dfn* dfn = op.dfn.get();
    if (std::find(instantiating_.begin(), instantiating_.end(), dfn) != instantiating_.end())
      fail(loc, "not supported: operator " + (op.binding ? op.binding->name : std::string("{…}")) +
                    " uses itself (recursive operators)");
    if (++instances_ > kMaxOperatorInstances)
      fail(loc, "not supported: more than " + std::to_string(kMaxOperatorInstances) +
                    " uses of user-defined operators (operators using operators, nested too much)");
    instantiating_.push_back(dfn);
    std::shared_ptr<const Dfn> body = dfnBody(*dfn, op.scope, op.limit, left, right);
    instantiating_.pop_back();
    return make<UserDerived>(loc, op.binding, left, right, std::move(body));
  }

  // Functions apply right to left: dyadically when an array is on their left. A segment that
  // ends in a function is a train: forks (X f g) from the right, a leftover function an atop.
  Phrase applyFunctions(std::vector<Phrase> ps) {
    APLC_INTERNAL_CHECK(!ps.empty(), "a segment has at least one item");
    if (ps.back().cls == Class::Array) {
      ExprPtr result = ps.back().array;
      for (size_t i = ps.size() - 1; i > 0;) {
        const Phrase& f = ps[i - 1];
        APLC_INTERNAL_CHECK(f.cls == Class::Function, "no two arrays are adjacent after stranding");
        if (i >= 2 && ps[i - 2].cls == Class::Array) {
          if (const auto* ref = f.fn->as<FnRef>(); ref && ref->binding->monadic)
            fail(f.fn->loc, "SYNTAX ERROR: " + ref->binding->name + " takes no left argument");
          result = make<Dyadic>(f.fn->loc, f.fn, ps[i - 2].array, result);
          i -= 2;
        } else {
          result = make<Monadic>(f.fn->loc, f.fn, result);
          i -= 1;
        }
        checkHeight(*result);
      }
      return Phrase::ofArray(result, ps[0].loc);
    }
    APLC_INTERNAL_CHECK(ps.back().cls == Class::Function, "operators are bound by now");
    FnPtr fn = ps.back().fn;
    for (size_t i = ps.size() - 1; i > 0;) {
      if (i >= 2) {
        const Phrase& middle = ps[i - 1];
        if (middle.cls != Class::Function)
          fail(middle.loc, "SYNTAX ERROR: this array is in the middle of a train, where a function is needed");
        fn = make<Fork>(middle.fn->loc, ps[i - 2].node(), middle.fn, fn);
        i -= 2;
      } else {
        if (ps[0].cls != Class::Function) fail(fn->loc, "SYNTAX ERROR: this function has no right argument");
        fn = make<Atop>(ps[0].fn->loc, ps[0].fn, fn);
        i -= 1;
      }
      checkHeight(*fn);
    }
    return Phrase::ofFunction(fn, ps[0].loc);
  }

  void checkHeight(const Node& n) {
    if (n.height > kMaxHeight)
      fail(n.loc, "not supported: an expression nested more than " + std::to_string(kMaxHeight) + " levels deep");
  }

  std::vector<std::unique_ptr<Scope>> scopes_;
  Scope* current_;
  uint32_t nextId_ = 1;
  std::unordered_map<std::string, Role> forward_;  // scanForward
  int dfnDepth_ = 0;
  std::vector<Tradfn> tradfns_;  // the tradfn being resolved (at most one: they are top level)
  std::unordered_map<uint32_t, std::shared_ptr<const UserOperator>> operators_;
  std::vector<const syntax::Dfn*> instantiating_;  // operator bodies being resolved
  size_t instances_ = 0;                           // operator bodies resolved so far
};

}  // namespace

Program resolve(const std::vector<syntax::Program>& files, size_t preludeFiles, std::vector<Comment> comments) {
  return Resolver().run(files, preludeFiles, std::move(comments));
}

}  // namespace aplc::apl
