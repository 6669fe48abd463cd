// CommonValues: reuse of values and checks computed earlier (see CommonValues.h).
#include "laila/passes/CommonValues.h"

#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <vector>

#include "laila/ir/Calls.h"
#include "laila/ir/Equality.h"
#include "laila/ir/IRVisitor.h"
#include "laila/ir/Ops.h"
#include "laila/passes/Simplify.h"
#include "support/Diagnostics.h"

namespace aplc::laila {

namespace {

// Whether an expression reads memory or calls a function that is not pure (laila/ir/Calls.def:
// the overflow tests are), and the variables it reads.
class Reads : public IRVisitor {
 public:
  std::set<Name> variables;
  bool memory = false;     // it loads
  bool pureCalls = true;   // every function it calls is pure

 protected:
  using IRVisitor::visit;
  void visit(const Variable* op) override { variables.insert(op->name); }
  void visit(const Load* op) override {
    memory = true;
    IRVisitor::visit(op);
  }
  void visit(const Call* op) override {
    std::optional<unsigned> effects = callEffects(op->function);
    if (!effects || *effects != Pure) pureCalls = false;
    IRVisitor::visit(op);
  }
};

// Whether a statement (or an expression in it) may write memory: stores, fills, allocations,
// frees, moves, calls of the program's functions and of runtime functions that write memory.
class MemoryWrites : public IRVisitor {
 public:
  static bool in(const Stmt& s) {
    MemoryWrites w;
    w.include(s);
    return w.writes_;
  }
  static bool in(const Expr& e) {
    MemoryWrites w;
    w.include(e);
    return w.writes_;
  }

 protected:
  using IRVisitor::visit;
  void visit(const Call* op) override {
    std::optional<unsigned> effects = callEffects(op->function);
    if (!effects || (*effects & WritesMemory)) writes_ = true;
    IRVisitor::visit(op);
  }
  void visit(const Assign* op) override {
    if (op->var.type.memory) writes_ = true;
    IRVisitor::visit(op);
  }
  void visit(const Store*) override { writes_ = true; }
  void visit(const Fill*) override { writes_ = true; }
  void visit(const Allocate*) override { writes_ = true; }
  void visit(const Free*) override { writes_ = true; }
  void visit(const CallFunction*) override { writes_ = true; }

 private:
  bool writes_ = false;
};

// What is known at a point of the program: the values declared (init → the variable that holds
// it) and the conditions checked, each with the variables it reads that some Assign changes
// (what can make it stale: forget).
struct Known {
  Expr variable;
  std::set<Name> changeable;
  bool readsMemory = false;  // stale after any write to memory
};
struct Available {
  std::map<Expr, Known, ExprLess> values;
  std::map<Expr, std::set<Name>, ExprLess> checked;
};

// The variables a statement passes to functions of the program.
std::set<Name> functionArguments(const Stmt& body) {
  struct Finder : IRVisitor {
    std::set<Name> names;
    using IRVisitor::visit;
    void visit(const CallFunction* op) override {
      for (const Param& p : op->args) names.insert(p.var.name);
    }
  } finder;
  finder.include(body);
  return std::move(finder.names);
}

class Reuser : public IRMutator {
 public:
  Reuser(std::set<Name> assigned, std::set<Name> arguments)
      : assigned_(std::move(assigned)), arguments_(std::move(arguments)) {
    scopes_.emplace_back();
  }

 protected:
  using IRMutator::visit;

  Expr visit(const Variable* op, const Expr& self) override {
    auto r = replaced_.find(op->name);
    return r == replaced_.end() ? self : r->second;
  }

  // Operands replaced by the variables of equal values may now be equal (`n_45 == n_60` with n_60
  // replaced by n_45): rebuilt by the folding constructors (laila/ir/Ops.h), `x == x` is true and
  // `c ? x : x` is x.
  Expr visit(const Unary* op, const Expr& self) override {
    Expr a = mutate(op->a);
    return a.sameAs(op->a) ? self : unary(op->op, a);
  }
  Expr visit(const Binary* op, const Expr& self) override {
    Expr a = mutate(op->a), b = mutate(op->b);
    return a.sameAs(op->a) && b.sameAs(op->b) ? self : binary(op->op, a, b);
  }
  Expr visit(const Select* op, const Expr& self) override {
    Expr c = mutate(op->cond), t = mutate(op->ifTrue), f = mutate(op->ifFalse);
    return c.sameAs(op->cond) && t.sameAs(op->ifTrue) && f.sameAs(op->ifFalse) ? self : select(c, t, f);
  }

  Stmt visit(const Decl* op, const Stmt& self) override {
    Stmt s = IRMutator::visit(op, self);
    const auto* decl = s.as<Decl>();
    if (MemoryWrites::in(decl->init)) forgetLoads();
    if (assigned_.count(decl->var.name)) return s;
    if (isCopy(decl->init) && !arguments_.count(decl->var.name)) {  // read where it is
      replaced_[decl->var.name] = decl->init;
      return Stmt();
    }
    if (!worthReusing(decl->init)) return s;
    if (const Expr* known = lookupValue(decl->init)) {
      replaced_[decl->var.name] = *known;
      return Stmt();
    }
    Reads reads;
    reads.include(decl->init);
    scopes_.back().values.emplace(decl->init, Known{Variable::make(decl->var), changeableIn(decl->init), reads.memory});
    return s;
  }

  Stmt visit(const Check* op, const Stmt& self) override {
    Stmt s = IRMutator::visit(op, self);
    const auto* check = s.as<Check>();
    if (MemoryWrites::in(check->cond)) forgetLoads();
    Reads reads;
    reads.include(check->cond);
    if (reads.memory || !reads.pureCalls) return s;
    if (std::optional<bool> passes = asBoolConst(check->cond); passes && *passes) return Stmt();
    for (const Available& a : scopes_)
      if (a.checked.count(check->cond)) return Stmt();
    scopes_.back().checked.emplace(check->cond, changeableIn(check->cond));
    return s;
  }

  Stmt visit(const Assign* op, const Stmt& self) override {
    Stmt s = keepUpdateForm(op, self);
    forget({op->var.name});
    if (MemoryWrites::in(self)) forgetLoads();
    return s;
  }

  // Statements that write memory make every load stale (names may alias through moves).
  Stmt visit(const Store* op, const Stmt& self) override { return thenForgetLoads(IRMutator::visit(op, self)); }
  Stmt visit(const Fill* op, const Stmt& self) override { return thenForgetLoads(IRMutator::visit(op, self)); }
  Stmt visit(const Allocate* op, const Stmt& self) override { return thenForgetLoads(IRMutator::visit(op, self)); }
  Stmt visit(const Free* op, const Stmt& self) override { return thenForgetLoads(IRMutator::visit(op, self)); }
  Stmt visit(const Print* op, const Stmt& self) override {
    Stmt s = IRMutator::visit(op, self);
    if (MemoryWrites::in(self)) forgetLoads();
    return s;
  }

  Stmt visit(const Block* op, const Stmt& self) override { return scoped([&] { return IRMutator::visit(op, self); }); }

  Stmt visit(const For* op, const Stmt& self) override {
    forget(assignedVariables(op->body));  // the body runs after its own assignments
    if (MemoryWrites::in(self)) forgetLoads();  // and after its own stores
    return scoped([&] { return IRMutator::visit(op, self); });
  }

  Stmt visit(const While* op, const Stmt& self) override {
    forget(assignedVariables(op->body));
    if (MemoryWrites::in(self)) forgetLoads();
    return scoped([&] { return IRMutator::visit(op, self); });
  }

  Stmt visit(const IfThenElse* op, const Stmt& self) override {
    Expr cond = mutate(op->cond);
    Stmt thenCase = scoped([&] { return mutateBody(op->thenCase); });
    Stmt elseCase = scoped([&] { return mutate(op->elseCase); });
    forget(assignedVariables(self));
    if (MemoryWrites::in(self)) forgetLoads();
    if (cond.sameAs(op->cond) && thenCase.sameAs(op->thenCase) && elseCase.sameAs(op->elseCase)) return self;
    return IfThenElse::make(cond, thenCase, elseCase);
  }

  // Arguments are variables: one whose declaration was dropped is passed as the variable that
  // holds its value (an inout one is never dropped: it is assigned).
  Stmt visit(const CallFunction* op, const Stmt& self) override {
    std::set<Name> written;
    std::vector<Param> args = op->args;
    bool changed = false;
    for (Param& p : args) {
      if (p.inout) written.insert(p.var.name);
      auto r = replaced_.find(p.var.name);
      if (r == replaced_.end()) continue;
      const auto* v = r->second.as<Variable>();
      APLC_INTERNAL_CHECK(v && v->type == p.var.type, "reuseCommonValues: an argument replaced by a non-variable");
      p.var = v->var();
      changed = true;
    }
    forget(written);
    forgetLoads();
    return changed ? CallFunction::make(op->function, std::move(args)) : self;
  }

 private:
  // A declaration that only names a constant or another scalar that is never assigned (what
  // the replacements leave of `extend_58 = n_45 != n_45 && …`), and is not a function's
  // argument (arguments are variables).
  bool isCopy(const Expr& e) const {
    if (e.as<IntImm>() || e.as<BoolImm>() || e.as<DoubleImm>() || e.as<CharImm>()) return true;
    const Variable* v = e.as<Variable>();
    return v && !v->type.memory && !assigned_.count(v->name);
  }

  // `acc = acc op e` keeps its form (a reduction's update, laila/ir/Verify.h): its operator is not
  // folded with e, even where e becomes op's identity.
  Stmt keepUpdateForm(const Assign* op, const Stmt& self) {
    const Binary* update = op->value.as<Binary>();
    auto isTarget = [&](const Expr& e) {
      const Variable* v = e.as<Variable>();
      return v && v->name == op->var.name;
    };
    if (!update || !(isTarget(update->a) || isTarget(update->b))) return IRMutator::visit(op, self);
    Expr a = mutate(update->a), b = mutate(update->b);
    if (a.sameAs(update->a) && b.sameAs(update->b)) return self;
    return Assign::make(op->var, Binary::make(update->op, a, b));
  }

  // Expressions worth a shared variable: more than a variable or a constant, calling only pure
  // functions (loads are shared until memory is written).
  static bool worthReusing(const Expr& e) {
    if (e.as<Variable>() || e.as<IntImm>() || e.as<BoolImm>() || e.as<DoubleImm>() || e.as<CharImm>()) return false;
    Reads reads;
    reads.include(e);
    return reads.pureCalls;
  }

  Stmt thenForgetLoads(const Stmt& s) {
    forgetLoads();
    return s;
  }

  void forgetLoads() {
    for (Available& a : scopes_) std::erase_if(a.values, [](const auto& entry) { return entry.second.readsMemory; });
  }

  const Expr* lookupValue(const Expr& e) const {
    for (const Available& a : scopes_) {
      auto found = a.values.find(e);
      if (found != a.values.end()) return &found->second.variable;
    }
    return nullptr;
  }

  // The variables `e` reads that some Assign changes.
  std::set<Name> changeableIn(const Expr& e) const {
    Reads reads;
    reads.include(e);
    std::set<Name> changeable;
    for (const Name& n : reads.variables)
      if (assigned_.count(n)) changeable.insert(n);
    return changeable;
  }

  // Forgets what reads one of `names` (its value may differ from now on).
  void forget(const std::set<Name>& names) {
    if (names.empty()) return;
    auto stale = [&](const std::set<Name>& changeable) {
      return std::any_of(changeable.begin(), changeable.end(), [&](const Name& n) { return names.count(n) > 0; });
    };
    for (Available& a : scopes_) {
      std::erase_if(a.values, [&](const auto& entry) { return stale(entry.second.changeable); });
      std::erase_if(a.checked, [&](const auto& entry) { return stale(entry.second); });
    }
  }

  Stmt scoped(const std::function<Stmt()>& body) {
    scopes_.emplace_back();
    Stmt s = body();
    scopes_.pop_back();
    return s;
  }

  const std::set<Name> assigned_;     // variables some Assign changes: never shared
  const std::set<Name> arguments_;    // variables passed to a function (CallFunction)
  std::vector<Available> scopes_;     // per open block, innermost last
  std::map<Name, Expr> replaced_;     // dropped declaration → the variable reused
};

}  // namespace

Program reuseCommonValues(const Program& program) {
  return mapBodies(program, [](const Stmt& body) { return Reuser(assignedVariables(body), functionArguments(body)).mutate(body); });
}

}  // namespace aplc::laila
