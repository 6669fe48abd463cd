// Elaboration of a tradfn's control structures (:If, :While, :Repeat, :For, :Return, :Leave,
// :Continue) into TAIL's cond, powerUntil and power.
//
// TAIL has no mutable variables, so each structure passes the names it changes explicitly:
// - the names a structure assigns that have a value before it (its "live" names; for :If also
//   those assigned at the top of every block when there is an :Else) are packed into one value
//   (a tuple when there are several);
// - an :If's branches are TAIL conds that each give the live names' new values; a loop's body is
//   the step of a power (:For, with the item count) or powerUntil (:While, :Repeat), whose state
//   is the live names (and :For's position);
// - after the structure, the live names are bound to the result's items. Names first assigned
//   inside a structure (and :For's variable) are local to it: reading one after it is a VALUE
//   ERROR at compile time (Dyalog would give the last value).
// An :If with a :Return in a block ends the function there: the statements after the :If are
// elaborated into each branch that goes on (as guards are), so no state is passed. A loop whose
// body may :Return or :Leave carries a flag in its state instead (see "loops" below).
#include <algorithm>
#include <set>
#include <string>
#include <utility>

#include "apl/ElabCore.h"
#include "support/Diagnostics.h"

namespace aplc::apl::elab {

namespace {

using Stmts = std::vector<ast::StmtPtr>;

// The names assigned in an expression (outside the dfns in it, which have their own scopes).
void assignedIn(const ast::ExprPtr& e, std::set<std::string>& out) {
  if (!e) return;
  switch (e->kind) {
    case ast::Kind::Strand:
      for (const auto& item : e->as<ast::Strand>()->items) assignedIn(item, out);
      return;
    case ast::Kind::Monadic: return assignedIn(e->as<ast::Monadic>()->arg, out);
    case ast::Kind::Dyadic:
      assignedIn(e->as<ast::Dyadic>()->left, out);
      return assignedIn(e->as<ast::Dyadic>()->right, out);
    case ast::Kind::Index:
      assignedIn(e->as<ast::Index>()->array, out);
      for (const auto& i : e->as<ast::Index>()->indices) assignedIn(i, out);
      return;
    case ast::Kind::Assign:
      out.insert(e->as<ast::Assign>()->binding->name);
      return assignedIn(e->as<ast::Assign>()->value, out);
    case ast::Kind::MultipleAssign:
      for (const auto& b : e->as<ast::MultipleAssign>()->bindings) out.insert(b->name);
      return assignedIn(e->as<ast::MultipleAssign>()->value, out);
    case ast::Kind::IndexedAssign:
      out.insert(e->as<ast::IndexedAssign>()->binding->name);
      for (const auto& i : e->as<ast::IndexedAssign>()->indices) assignedIn(i, out);
      return assignedIn(e->as<ast::IndexedAssign>()->value, out);
    case ast::Kind::ModifiedAssign:
      out.insert(e->as<ast::ModifiedAssign>()->binding->name);
      for (const auto& i : e->as<ast::ModifiedAssign>()->indices) assignedIn(i, out);
      return assignedIn(e->as<ast::ModifiedAssign>()->value, out);
    case ast::Kind::SystemAssign: return assignedIn(e->as<ast::SystemAssign>()->value, out);
    case ast::Kind::Print: return assignedIn(e->as<ast::Print>()->value, out);
    default: return;
  }
}

void assignedIn(const Stmts& stmts, std::set<std::string>& out) {
  for (const ast::StmtPtr& s : stmts) {
    switch (s->kind) {
      case ast::Kind::ExprStmt: assignedIn(s->as<ast::ExprStmt>()->expr, out); break;
      case ast::Kind::If:
        for (const auto& c : s->as<ast::If>()->conditions) assignedIn(c, out);
        for (const auto& b : s->as<ast::If>()->blocks) assignedIn(b, out);
        break;
      case ast::Kind::While:
        assignedIn(s->as<ast::While>()->condition, out);
        assignedIn(s->as<ast::While>()->body, out);
        break;
      case ast::Kind::For:
        assignedIn(s->as<ast::For>()->values, out);
        out.insert(s->as<ast::For>()->variable->name);
        assignedIn(s->as<ast::For>()->body, out);
        break;
      default: break;
    }
  }
}

// The names a block assigns by a plain `x ← …` statement of its own (so on every path through it).
std::set<std::string> surelyAssigned(const Stmts& stmts) {
  std::set<std::string> out;
  for (const ast::StmtPtr& s : stmts)
    if (const auto* e = s->as<ast::ExprStmt>())
      if (const auto* a = e->expr->as<ast::Assign>()) out.insert(a->binding->name);
  return out;
}

// A :Leave (or, unless leaveOnly, a :Continue) of the loop whose body stmts are (in its :Ifs, not
// in inner loops).
bool containsJump(const Stmts& stmts, bool leaveOnly = false) {
  for (const ast::StmtPtr& s : stmts) {
    if (s->kind == ast::Kind::Leave || (!leaveOnly && s->kind == ast::Kind::Continue)) return true;
    if (const auto* i = s->as<ast::If>())
      for (const auto& b : i->blocks)
        if (containsJump(b, leaveOnly)) return true;
  }
  return false;
}

bool containsReturn(const Stmts& stmts) {
  for (const ast::StmtPtr& s : stmts) {
    if (s->kind == ast::Kind::Return) return true;
    if (const auto* i = s->as<ast::If>())
      for (const auto& b : i->blocks)
        if (containsReturn(b)) return true;
    if (const auto* w = s->as<ast::While>(); w && containsReturn(w->body)) return true;
    if (const auto* f = s->as<ast::For>(); f && containsReturn(f->body)) return true;
  }
  return false;
}

Stmts concat(const Stmts& a, const Stmts& b, size_t from) {
  Stmts out = a;
  out.insert(out.end(), b.begin() + static_cast<std::ptrdiff_t>(from), b.end());
  return out;
}

}  // namespace

bool Elaborator::endsWithReturn(const ast::If& s) {
  return std::any_of(s.blocks.begin(), s.blocks.end(), [](const Stmts& b) { return containsReturn(b); });
}

// ------------------------------------------------------------------------ the names' state

Elaborator::EnvState Elaborator::saveEnv() const { return {env_->arrays, env_->latest, env_->assignedIn}; }

// The names are then as if assigned in the lambda being built (a branch or a loop's step), so
// that an indexed or modified assignment there may update them: what a block assigns leaves it
// only through packNames, never through the Env.
void Elaborator::restoreEnv(const EnvState& s) {
  env_->arrays = s.arrays;
  env_->latest = s.latest;
  env_->assignedIn = s.assignedIn;
  for (const auto& [id, value] : env_->arrays) env_->assignedIn[id] = currentLambda();
}

bool Elaborator::hasLocalValue(const std::string& name) const {
  auto l = env_->latest.find(name);
  return l != env_->latest.end() && env_->arrays.count(l->second);
}

Val Elaborator::packNames(const std::vector<std::string>& names, std::vector<Val> before, SourceLoc loc) {
  for (const std::string& n : names) {
    if (!hasLocalValue(n)) fail(loc, "VALUE ERROR: " + n + " has no value at the end of this block");
    before.push_back(env_->arrays.at(env_->latest.at(n)));
  }
  if (before.empty()) return intConst(0);
  if (before.size() == 1) return before[0];
  return bindTuple(std::move(before), loc);
}

std::vector<Val> Elaborator::unpackNames(const Val& packed, size_t count) {
  if (count <= 1) return {packed};
  Val t = expandTuple(packed, {});
  APLC_INTERNAL_CHECK(t.items.size() == count, "a packed state has one item per name");
  return t.items;
}

// Binds each name to its value, as assigned in the lambda being built (so that an indexed
// assignment there may update it). `ids` gives a binding for a name without one here.
void Elaborator::bindNames(const std::vector<std::string>& names, const std::vector<Val>& values,
                           const std::map<std::string, uint32_t>& ids) {
  for (size_t i = 0; i < names.size(); ++i) {
    auto l = env_->latest.find(names[i]);
    uint32_t id = l != env_->latest.end() ? l->second : ids.at(names[i]);
    env_->arrays[id] = values[i];
    env_->latest[names[i]] = id;
    env_->assignedIn[id] = currentLambda();
  }
}

// ------------------------------------------------------------------------------- statements

void Elaborator::runBlock(const Stmts& stmts) {
  for (const ast::StmtPtr& s : stmts) {
    switch (s->kind) {
      case ast::Kind::ExprStmt: statementExpr(*s->as<ast::ExprStmt>()->expr); break;
      case ast::Kind::FnDef: defineFn(*s->as<ast::FnDef>()); break;
      case ast::Kind::If: ifStatement(*s->as<ast::If>()); break;
      case ast::Kind::While: whileStatement(*s->as<ast::While>()); break;
      case ast::Kind::For: forStatement(*s->as<ast::For>()); break;
      default: throw InternalError("runBlock: not a statement of a tradfn");
    }
  }
}

Val Elaborator::condition(const ast::Expr& e) {
  return requireScalarBool(expr(e), e.loc, "a condition (of :If, :While or :Until)");
}

// An :If without :Return: the live names go through a cond.
void Elaborator::ifStatement(const ast::If& s) {
  std::set<std::string> assigned;
  for (const Stmts& b : s.blocks) assignedIn(b, assigned);
  std::set<std::string> everywhere;
  if (s.blocks.size() > s.conditions.size()) {
    everywhere = surelyAssigned(s.blocks[0]);
    for (const Stmts& b : s.blocks) {
      std::set<std::string> here = surelyAssigned(b), both;
      std::set_intersection(everywhere.begin(), everywhere.end(), here.begin(), here.end(), std::inserter(both, both.end()));
      everywhere = std::move(both);
    }
  }
  std::vector<std::string> live;
  std::set<std::string> fresh;  // live names without a value before the :If
  for (const std::string& n : assigned) {
    if (hasLocalValue(n)) live.push_back(n);
    else if (everywhere.count(n)) live.push_back(n), fresh.insert(n);
  }
  std::map<std::string, uint32_t> ids;  // the fresh names' bindings (from any block)
  SystemSettings settings = systemSettings();
  // Runs one block (or the next arms) from `state`, and packs the live names after it.
  auto branch = [&](const EnvState& state, const std::function<Val()>& run) {
    restoreEnv(state);
    setSystemSettings(settings);
    Val packed = run();
    if (systemSettings() != settings) notSupported(s.loc, "assigning ⎕IO or ⎕PP inside :If");
    for (const std::string& n : fresh)
      if (env_->latest.count(n)) ids[n] = env_->latest.at(n);
    return packed;
  };
  std::optional<EnvState> afterFirstTest;
  std::function<Val(size_t)> arm = [&](size_t k) -> Val {
    if (k == s.conditions.size()) {
      if (k < s.blocks.size()) runBlock(s.blocks[k]);
      return packNames(live, {}, s.loc);
    }
    Val test = condition(*s.conditions[k]);
    EnvState state = saveEnv();
    if (!afterFirstTest) afterFirstTest = state;
    return cond(
        test,
        [&] { return branch(state, [&] { runBlock(s.blocks[k]); return packNames(live, {}, s.loc); }); },
        [&] { return branch(state, [&] { return arm(k + 1); }); }, s.loc);
  };
  Val result = arm(0);
  restoreEnv(*afterFirstTest);
  setSystemSettings(settings);
  bindNames(live, unpackNames(result, live.size()), ids);
}

// An :If with a :Return in a block: each branch goes on with the statements after the :If.
Val Elaborator::ifWithReturn(const ast::If& s, size_t k, const Stmts& stmts, size_t from, SourceLoc loc) {
  if (k == s.conditions.size()) return body(concat(k < s.blocks.size() ? s.blocks[k] : Stmts{}, stmts, from), 0, loc);
  Val test = condition(*s.conditions[k]);
  EnvState state = saveEnv();
  SystemSettings settings = systemSettings();
  auto branch = [&](const std::function<Val()>& run) {
    restoreEnv(state);
    setSystemSettings(settings);
    return run();
  };
  return cond(test, [&] { return branch([&] { return body(concat(s.blocks[k], stmts, from), 0, loc); }); },
              [&] { return branch([&] { return ifWithReturn(s, k + 1, stmts, from, loc); }); }, s.loc);
}

// ------------------------------------------------------------------------------------ loops
//
// A loop whose body may :Return carries a flag in its state: 1 once a :Return is reached. Its
// body runs in continuation style (runWithExit): at a :Return, or an :If or inner loop that may
// reach one, the rest of the body is elaborated into the branch that goes on. The loop stops when
// the flag is set, and the function then ends with its result (body, in ElabProgram.cpp).

// The names a loop body assigns that have a value before the loop: the loop's state.
// Whether a loop's body may :Return (a :Leave and a :Return in one loop are not supported: the
// state's flag says only that the loop stopped early).
bool Elaborator::loopReturns(const Stmts& body, SourceLoc loc) {
  bool returns = containsReturn(body);
  if (returns && containsJump(body, true)) notSupported(loc, ":Return and :Leave in one loop");
  return returns;
}

std::vector<std::string> Elaborator::loopState(const Stmts& body, const std::string& except) {
  std::set<std::string> assigned;
  assignedIn(body, assigned);
  std::vector<std::string> live;
  for (const std::string& n : assigned)
    if (n != except && hasLocalValue(n)) live.push_back(n);
  return live;
}

const ast::Expr* Elaborator::resultOfReturns(const ast::Stmt& s) {
  if (const auto* r = s.as<ast::Return>()) return r->result.get();
  auto inBlock = [](const Stmts& b) -> const ast::Expr* {
    for (const ast::StmtPtr& x : b)
      if (const ast::Expr* e = resultOfReturns(*x)) return e;
    return nullptr;
  };
  if (const auto* i = s.as<ast::If>())
    for (const Stmts& b : i->blocks)
      if (const ast::Expr* e = inBlock(b)) return e;
  if (const auto* w = s.as<ast::While>()) return inBlock(w->body);
  if (const auto* f = s.as<ast::For>()) return inBlock(f->body);
  return nullptr;
}

// Back to the names as they were before the loop, with the live ones bound to the state's items
// after its `heads` (position, flag); returns all the items.
std::vector<Val> Elaborator::enterLoopState(const EnvState& before, const std::vector<std::string>& live,
                                            const Val& state, size_t heads) {
  restoreEnv(before);
  std::vector<Val> items = unpackNames(state, live.size() + heads);
  bindNames(live, std::vector<Val>(items.begin() + static_cast<std::ptrdiff_t>(heads), items.end()), {});
  return items;
}

// Whether s may end a loop's pass early: a :Return, :Leave or :Continue, or an :If or inner loop
// that may reach a :Return (or, for an :If, this loop's :Leave or :Continue).
bool Elaborator::mayEndPass(const ast::Stmt& s) {
  if (s.kind == ast::Kind::Return || s.kind == ast::Kind::Leave || s.kind == ast::Kind::Continue) return true;
  if (const auto* i = s.as<ast::If>())
    return endsWithReturn(*i) ||
           std::any_of(i->blocks.begin(), i->blocks.end(), [](const Stmts& b) { return containsJump(b); });
  if (const auto* w = s.as<ast::While>()) return containsReturn(w->body);
  if (const auto* f = s.as<ast::For>()) return containsReturn(f->body);
  return false;
}

// stmts[from…] in a loop body that may end its pass early: pack(stop, live names) at the end of
// each path, stop being 1 at a :Return or :Leave (0 at a :Continue or the body's end).
Val Elaborator::runWithExit(const Stmts& stmts, size_t from, const std::vector<std::string>& live, SourceLoc loc) {
  for (size_t i = from; i < stmts.size(); ++i) {
    const ast::Stmt& s = *stmts[i];
    if (!mayEndPass(s)) {
      runBlock({stmts[i]});
      continue;
    }
    if (s.kind == ast::Kind::Return || s.kind == ast::Kind::Leave) return packNames(live, {boolConst(true)}, loc);
    if (s.kind == ast::Kind::Continue) return packNames(live, {boolConst(false)}, loc);
    if (const auto* c = s.as<ast::If>()) return ifArmsWithExit(*c, 0, stmts, i + 1, live, loc);
    Val returned = *loopStatement(s);
    EnvState state = saveEnv();
    return cond(returned, [&] { restoreEnv(state); return packNames(live, {boolConst(true)}, loc); },
                [&] { restoreEnv(state); return runWithExit(stmts, i + 1, live, loc); }, s.loc);
  }
  return packNames(live, {boolConst(false)}, loc);
}

Val Elaborator::ifArmsWithExit(const ast::If& s, size_t k, const Stmts& stmts, size_t from,
                               const std::vector<std::string>& live, SourceLoc loc) {
  if (k == s.conditions.size())
    return runWithExit(concat(k < s.blocks.size() ? s.blocks[k] : Stmts{}, stmts, from), 0, live, loc);
  Val test = condition(*s.conditions[k]);
  EnvState state = saveEnv();
  return cond(test, [&] { restoreEnv(state); return runWithExit(concat(s.blocks[k], stmts, from), 0, live, loc); },
              [&] { restoreEnv(state); return ifArmsWithExit(s, k + 1, stmts, from, live, loc); }, s.loc);
}

std::optional<Val> Elaborator::loopStatement(const ast::Stmt& s) {
  if (const auto* w = s.as<ast::While>()) return whileStatement(*w);
  return forStatement(*s.as<ast::For>());
}

// :While c (testFirst: c before each pass, powerUntil after a first test) or :Repeat … :Until c.
// Returns the flag of a body that may :Return.
std::optional<Val> Elaborator::whileStatement(const ast::While& s) {
  bool returns = loopReturns(s.body, s.loc);
  bool exits = returns || containsJump(s.body);
  std::vector<std::string> live = loopState(s.body, "");
  // The condition may assign too: then its names are state as well.
  std::set<std::string> inTest;
  assignedIn(s.condition, inTest);
  for (const std::string& n : inTest)
    if (hasLocalValue(n) && std::find(live.begin(), live.end(), n) == live.end()) live.push_back(n);
  size_t flags = exits ? 1 : 0;
  EnvState before = saveEnv();
  SystemSettings settings = systemSettings();
  // state: (returned flag if exits, live names…)
  auto enter = [&](const Val& state) {
    std::vector<Val> items = enterLoopState(before, live, state, flags);
    return exits ? items[0] : Val();
  };
  auto pack = [&](std::vector<Val> first) { return packNames(live, std::move(first), s.loc); };
  auto checkOrigin = [&] {
    if (systemSettings() != settings) notSupported(s.loc, "assigning ⎕IO or ⎕PP inside a loop");
  };
  FnVal step;
  step.name = ":While";
  step.apply = [&](Elaborator&, const Val*, const Val& state, SourceLoc) {
    enter(state);
    Val next;
    if (exits) {
      next = runWithExit(s.body, 0, live, s.loc);
    } else {
      runBlock(s.body);
      next = pack({});
    }
    checkOrigin();
    return next;
  };
  // Whether the loop goes on from a state (after its flag): c, or ~c for :Until.
  auto goesOn = [&]() {
    Val c = condition(*s.condition);
    checkOrigin();
    return s.testFirst ? c : primitiveMonadic(U'~', c, s.loc);
  };
  // powerUntil's g, called as (new state) g (old state): stop at a :Return, or when it does not go on.
  FnVal stop;
  stop.name = s.testFirst ? ":While" : ":Until";
  stop.apply = [&](Elaborator&, const Val* next, const Val&, SourceLoc) {
    Val returned = enter(*next);
    if (!exits) return primitiveMonadic(U'~', goesOn(), s.loc);
    EnvState state = saveEnv();
    return cond(returned, [&] { return boolConst(true); },
                [&] { restoreEnv(state); return primitiveMonadic(U'~', goesOn(), s.loc); }, s.loc);
  };
  std::vector<Val> startFlags;
  if (exits) startFlags.push_back(boolConst(false));
  Val result;
  if (s.testFirst) {
    enter(pack(startFlags));
    Val first = goesOn();
    Val afterTest = pack(startFlags);  // the condition may have assigned
    result = cond(first, [&] { return powerUntil(step, stop, nullptr, afterTest, s.loc); }, [&] { return afterTest; },
                  s.loc);
  } else {
    result = powerUntil(step, stop, nullptr, pack(startFlags), s.loc);
  }
  Val returned = enter(result);
  setSystemSettings(settings);
  if (!returns) return std::nullopt;
  return returned;
}

// :For x :In values: x bound to values[position] in each pass. A power over (position, live
// names); with a body that may :Return, a powerUntil over (position, flag, live names) that
// stops at a :Return or after the last item.
std::optional<Val> Elaborator::forStatement(const ast::For& s) {
  bool returns = loopReturns(s.body, s.loc);
  bool exits = returns || containsJump(s.body);
  Val values = ravel(expr(*s.values), s.values->loc);
  Val count = tally(values, s.loc);
  std::vector<std::string> live = loopState(s.body, s.variable->name);
  size_t heads = exits ? 2 : 1;  // position, and the flag
  EnvState before = saveEnv();
  SystemSettings settings = systemSettings();
  auto enter = [&](const Val& state) { return enterLoopState(before, live, state, heads); };
  FnVal step;
  step.name = ":For";
  step.apply = [&](Elaborator&, const Val*, const Val& state, SourceLoc) {
    Val position = enter(state)[0];
    Val item = bindPrim(tail::Prim::Index, {tail::IntConst::make(1), position.exp, values.exp}, s.loc);
    bindNames({s.variable->name}, {item}, {{s.variable->name, s.variable->id}});
    Val next = bindPrim(tail::Prim::AddI, {position.exp, tail::IntConst::make(1)}, s.loc);
    Val packed;
    if (exits) {
      std::vector<Val> items = unpackNames(runWithExit(s.body, 0, live, s.loc), live.size() + 1);
      items.insert(items.begin(), next);
      packed = bindTuple(items, s.loc);
    } else {
      runBlock(s.body);
      packed = packNames(live, {next}, s.loc);
    }
    if (systemSettings() != settings) notSupported(s.loc, "assigning ⎕IO or ⎕PP inside a loop");
    return packed;
  };
  Val result;
  if (!exits) {
    result = powerNonNegative(step, count, nullptr, packNames(live, {intConst(1)}, s.loc), s.loc);
  } else {
    FnVal stop;
    stop.name = ":For";
    stop.apply = [&](Elaborator&, const Val* next, const Val&, SourceLoc) {
      std::vector<Val> items = enter(*next);
      Val past = bindPrim(tail::Prim::GtI, {items[0].exp, count.exp}, s.loc);
      return primitiveDyadic(U'∨', items[1], past, s.loc);
    };
    Val start = packNames(live, {intConst(1), boolConst(false)}, s.loc);
    Val any = bindPrim(tail::Prim::GtI, {count.exp, tail::IntConst::make(0)}, s.loc);
    result = cond(any, [&] { return powerUntil(step, stop, nullptr, start, s.loc); }, [&] { return start; }, s.loc);
  }
  std::vector<Val> items = enter(result);
  setSystemSettings(settings);
  if (!returns) return std::nullopt;
  return items[1];
}

}  // namespace aplc::apl::elab
