// Tail-recursive dfns as loops: `gcd←{⍵=0:⍺ ⋄ ⍵ ∇ ⍵|⍺}`.
//
// A dfn whose every call of itself (by ∇ or by the name it is defined with) is a tail call (the
// whole result of a guard, or of its value statement) runs as a TAIL powerUntil instead of being
// inlined into itself. The state is (⍺, ⍵, going, result):
// - a pass elaborates the body once: a tail call gives the new arguments and going=1 (the result
//   passes through); any other result gives going=0 and that result;
// - the loop runs until going is 0, and its result is the function's value.
// So the body's effects happen once per call, as when it recurses. The result's type is found
// first by elaborating, and discarding, the body without its tail calls (the guards that make
// them dropped, and a last guard before a final tail call made unconditional): where the body
// returns, those are the only branches it can take. The first state's result is a placeholder of
// that type (the fill, or an empty array), which the first returning pass replaces.
//
// Other recursion (fib, Ackermann) is a TAIL letrec (ElabRecursion.cpp).
#include <algorithm>
#include <string>

#include "apl/ElabCore.h"
#include "support/Diagnostics.h"

namespace aplc::apl::elab {

namespace {

using Stmts = std::vector<ast::StmtPtr>;

}  // namespace

// Whether f names the dfn d itself: its ∇, or the name it was defined with.
bool Elaborator::namesItself(const ast::Fn& f, const ast::Dfn& d) const {
  const auto* ref = f.as<ast::FnRef>();
  if (!ref) return false;
  if (ref->binding->kind == ast::BindingKind::Self) return d.self && ref->binding->id == d.self->id;
  auto name = dfnNames_.find(&d);
  return ref->binding->kind == ast::BindingKind::Variable && name != dfnNames_.end() && ref->binding->name == name->second;
}

// The call of d itself that e is, or null.
const ast::Expr* Elaborator::selfCall(const ast::Expr& e, const ast::Dfn& d) const {
  const ast::Fn* fn = nullptr;
  if (const auto* m = e.as<ast::Monadic>()) fn = m->fn.get();
  if (const auto* y = e.as<ast::Dyadic>()) fn = y->fn.get();
  return fn && namesItself(*fn, d) ? &e : nullptr;
}

bool Elaborator::isTailRecursive(const ast::Dfn& d) {
  if (d.alphaAlpha || d.tradfn) return false;  // operators, tradfns: not here
  auto known = tailRecursive_.find(&d);
  if (known != tailRecursive_.end()) return known->second;
  // Every mention of d (in any function position, nested dfns included) must be a tail call.
  size_t mentions = selfMentions(d), tailCalls = 0;
  for (const ast::StmtPtr& s : d.body) {
    const ast::Expr* value = nullptr;
    if (const auto* g = s->as<ast::Guard>()) value = g->result.get();
    if (const auto* e = s->as<ast::ExprStmt>(); e && !ast::isAssignmentOrVoid(*e->expr)) value = e->expr.get();
    if (value && selfCall(*value, d)) ++tailCalls;
  }
  bool result = mentions > 0 && mentions == tailCalls;
  tailRecursive_[&d] = result;
  return result;
}

size_t Elaborator::selfMentions(const ast::Dfn& d) {
  if (auto known = selfMentions_.find(&d); known != selfMentions_.end()) return known->second;
  size_t mentions = 0;
  std::function<void(const ast::Node&)> count = [&](const ast::Node& n) {
    if (n.isFn() && namesItself(static_cast<const ast::Fn&>(n), d)) ++mentions;
    ast::forEachChild(n, count);
  };
  for (const ast::StmtPtr& s : d.body) count(*s);
  selfMentions_[&d] = mentions;
  return mentions;
}

// The body where it returns: without the guards that make tail calls, and with a final tail
// call's place taken by the last guard left, made unconditional. Empty when nothing returns.
Stmts Elaborator::returningBody(const ast::Dfn& d) const {
  Stmts out;
  for (const ast::StmtPtr& s : d.body) {
    if (const auto* g = s->as<ast::Guard>(); g && selfCall(*g->result, d)) continue;
    if (const auto* e = s->as<ast::ExprStmt>(); e && !ast::isAssignmentOrVoid(*e->expr)) {
      if (!selfCall(*e->expr, d)) {
        out.push_back(s);
        return out;
      }
      // The body returns, so one of the guards before holds: the last one needs no test.
      for (size_t k = out.size(); k-- > 0;)
        if (const auto* g = out[k]->as<ast::Guard>()) {
          out[k] = ast::make<ast::ExprStmt>(g->loc, g->result);
          out.resize(k + 1);
          return out;
        }
      return {};
    }
    out.push_back(s);
  }
  return out;
}

Val Elaborator::tailRecursiveLoop(const ast::Dfn& d, EnvPtr closure, const FnValPtr& self, const Val* left,
                                  const Val& right, SourceLoc loc) {
  Stmts returning = returningBody(d);
  if (returning.empty()) notSupported(loc, "a recursive function that never returns a value");
  std::optional<Val> defaultLeft;
  if (!left && callsItselfDyadically(d)) {
    // `{⍺←a ⋄ … (x)∇ y}` called monadically: as called with ⍺ a (the default, evaluated first).
    const auto* first = d.body[0]->as<ast::ExprStmt>();
    const auto* assign = first ? first->expr->as<ast::Assign>() : nullptr;
    if (!assign || assign->binding->id != d.alpha->id)
      notSupported(loc, "a tail call with a left argument in a function called monadically, unless ⍺←default comes first");
    EnvPtr scope = newEnv(closure);
    scope->arrays[d.omega->id] = right;
    EnvPtr saved = env();
    setEnv(scope);
    defaultLeft = expr(*assign->value);
    setEnv(saved);
    left = &*defaultLeft;
  }
  bool dyadic = left != nullptr;
  size_t argCount = dyadic ? 2 : 1;
  // Runs `run` in the dfn's scope with its arguments bound (as applyDfn does).
  auto inScope = [&](const std::vector<Val>& args, const std::function<Val()>& run) {
    EnvPtr scope = newEnv(closure);
    scope->arrays[d.omega->id] = args.back();
    if (dyadic) scope->arrays[d.alpha->id] = args[0];
    scope->fns[d.self->id] = self;
    EnvPtr saved = env();
    SystemSettings settings = systemSettings();
    setEnv(scope);
    Val v = run();
    setEnv(saved);
    setSystemSettings(settings);
    return v;
  };
  std::vector<Val> start;
  if (dyadic) start.push_back(*left);
  start.push_back(right);
  // The result's type: the body where it returns, elaborated in a lambda that is then dropped.
  Type resultType;
  Type argsType = argCount == 1 ? right.type : Type::tuple({left->type, right.type});
  lambda(argsType, [&](const Val& p) {
    std::vector<Val> args = unpackNames(p, argCount);
    return inScope(args, [&] { return body(returning, 0, loc); });
  }, &resultType);
  if (resultType.kind() == tail::TypeKind::Tuple) notSupported(loc, "a recursive function whose result is a nested array");
  int64_t rank = resultType.rank().constant();
  Base base = resultType.base();
  Val placeholder = coerceTo(fillValue(base), Type::scalar(base), loc);
  if (rank > 0) {
    std::vector<Exp> zeros(static_cast<size_t>(rank), tail::IntConst::make(0));
    Val empty = reshape(bind(tail::ArrayLit::make(Base::intT(), zeros, loc), loc), placeholder, loc);
    placeholder = coerceTo(empty, Type::array(base, rank), loc);
  }
  // One pass: (args, going, result) to the next state.
  FnVal step;
  step.name = "∇";
  step.apply = [&](Elaborator&, const Val*, const Val& state, SourceLoc) {
    std::vector<Val> items = unpackNames(state, argCount + 2);
    std::vector<Val> args(items.begin(), items.begin() + static_cast<std::ptrdiff_t>(argCount));
    Val previous = items.back();
    return inScope(args, [&] { return tailPass(d, 0, args, previous, loc); });
  };
  FnVal done;
  done.name = "∇";
  done.apply = [&](Elaborator&, const Val* next, const Val&, SourceLoc) {
    Val going = unpackNames(*next, argCount + 2)[argCount];
    return primitiveMonadic(U'~', going, loc);
  };
  std::vector<Val> first = start;
  first.push_back(boolConst(true));
  first.push_back(placeholder);
  Val final = powerUntil(step, done, nullptr, bindTuple(first, loc), loc);
  return unpackNames(final, argCount + 2).back();
}

bool Elaborator::callsItselfDyadically(const ast::Dfn& d) const {
  for (const ast::StmtPtr& s : d.body) {
    const ast::Expr* value = nullptr;
    if (const auto* g = s->as<ast::Guard>()) value = g->result.get();
    if (const auto* e = s->as<ast::ExprStmt>()) value = e->expr.get();
    if (value && selfCall(*value, d) && value->kind == ast::Kind::Dyadic) return true;
  }
  return false;
}

// The body from statement `from` in a pass of the loop: (args, going, result) at each return.
Val Elaborator::tailPass(const ast::Dfn& d, size_t from, const std::vector<Val>& args, const Val& previous,
                         SourceLoc loc) {
  auto finish = [&](const ast::Expr& value) {
    std::vector<Val> state;
    if (const ast::Expr* call = selfCall(value, d)) {
      // The new arguments, right first (APL's order); the result passes through.
      if (const auto* y = call->as<ast::Dyadic>()) {
        if (args.size() != 2) notSupported(y->loc, "a tail call with a left argument in a function called monadically");
        Val r = expr(*y->right);
        state = {expr(*y->left), r};
      } else {
        if (args.size() != 1) notSupported(call->loc, "a tail call without a left argument in a function called dyadically");
        state = {expr(*call->as<ast::Monadic>()->arg)};
      }
      state.push_back(boolConst(true));
      state.push_back(previous);
    } else {
      state = args;
      state.push_back(boolConst(false));
      state.push_back(expr(value));
    }
    return bindTuple(state, value.loc);
  };
  for (size_t i = from; i < d.body.size(); ++i) {
    const ast::Stmt& s = *d.body[i];
    switch (s.kind) {
      case ast::Kind::Guard: {
        const auto& g = *s.as<ast::Guard>();
        Val test = expr(*g.condition);
        SystemSettings settings = systemSettings();
        EnvState state = saveEnv();
        return cond(test, [&] { setSystemSettings(settings); return finish(*g.result); },
                    [&]() -> Val {
                      restoreEnv(state);
                      setSystemSettings(settings);
                      return tailPass(d, i + 1, args, previous, loc);
                    },
                    g.loc);
      }
      case ast::Kind::ExprStmt: {
        const ast::Expr& e = *s.as<ast::ExprStmt>()->expr;
        if (!ast::isAssignmentOrVoid(e)) return finish(e);
        statementExpr(e);
        break;
      }
      case ast::Kind::FnDef: defineFn(*s.as<ast::FnDef>()); break;
      case ast::Kind::OpDef: break;
      default: throw InternalError("tailPass: not a statement of a dfn");
    }
  }
  notSupported(loc, "a dfn that may end without a value");
}

}  // namespace aplc::apl::elab
