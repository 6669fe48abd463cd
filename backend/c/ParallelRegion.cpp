#include "backend/c/ParallelRegion.h"

#include <algorithm>
#include <set>

#include "laila/analysis/Invariance.h"
#include "laila/ir/Calls.h"
#include "laila/ir/IRVisitor.h"
#include "laila/ir/Renaming.h"
#include "laila/passes/Outline.h"

namespace aplc::backend {

using namespace laila;

namespace {

// Whether an expression calls something that every thread would repeat with an effect: a
// function of the program, or a runtime function that does more than read memory.
class RepeatsAnEffect : public IRVisitor {
 public:
  bool found = false;

 protected:
  using IRVisitor::visit;
  void visit(const Call* op) override {
    std::optional<unsigned> effects = callEffects(op->function);
    if (!effects || (*effects & ~static_cast<unsigned>(ReadsMemory)) != 0) found = true;
    IRVisitor::visit(op);
  }
};

bool repeatsAnEffect(const Expr& e) {
  RepeatsAnEffect finder;
  finder.include(e);
  return finder.found;
}

// The walk over the loop's body (the rules in ParallelRegion.h).
class RegionFinder {
 public:
  explicit RegionFinder(const std::map<Name, const Function*>& functions) : functions_(functions) {}

  std::optional<ParallelRegion> find(const For* loop) {
    declared_.insert(loop->var.name);
    if (!statement(loop->body) || region_.steps.empty()) return std::nullopt;
    // The region decides once whether to thread, from each parallel loop's bounds: they must
    // have the same value in every iteration.
    std::set<Name> changed = declared_;
    for (const Var& v : region_.assigned) changed.insert(v.name);
    for (const auto& [call, step] : region_.steps) {
      Renamer atCall(argumentNames(*step.loopFunction, step.args));
      if (!invariant(atCall.mutate(step.loop->lower), changed) || !invariant(atCall.mutate(step.loop->upper), changed))
        return std::nullopt;
    }
    return region_;
  }

 private:
  bool statement(const Stmt& s) {
    switch (s.kind()) {
      case StmtKind::Block:
        return std::all_of(s.as<Block>()->stmts.begin(), s.as<Block>()->stmts.end(),
                           [&](const Stmt& child) { return statement(child); });
      case StmtKind::Comment: return true;
      case StmtKind::Decl: {
        const Decl* d = s.as<Decl>();
        declared_.insert(d->var.name);
        return !repeatsAnEffect(d->init);
      }
      case StmtKind::Assign: {
        const Assign* a = s.as<Assign>();
        if (repeatsAnEffect(a->value)) return false;
        bool known = std::any_of(region_.assigned.begin(), region_.assigned.end(),
                                 [&](const Var& v) { return v.name == a->var.name; });
        if (!declared_.count(a->var.name) && !known) region_.assigned.push_back(a->var);
        return true;
      }
      case StmtKind::CallFunction: {
        const CallFunction* c = s.as<CallFunction>();
        std::optional<RegionStep> step = stepOf(c->function, c->args);
        if (!step) return false;
        region_.steps.emplace(c, *step);
        return true;
      }
      default: return false;
    }
  }

  // The parallel loop that `call function(args)` runs: the function's own, or the one a call
  // that is its whole body runs (followed with the arguments renamed to the caller's).
  std::optional<RegionStep> stepOf(const Name& function, const std::vector<Param>& args) {
    auto found = functions_.find(function);
    if (found == functions_.end() || found->second->result) return std::nullopt;
    const Function& callee = *found->second;
    if (const For* loop = parallelLoopOf(callee)) return RegionStep{&callee, loop, args};
    const CallFunction* inner = onlyCall(callee.body);
    if (!inner) return std::nullopt;
    std::map<Name, Name> names = argumentNames(callee, args);
    std::vector<Param> innerArgs;
    for (const Param& p : inner->args) {
      auto name = names.find(p.var.name);
      if (name == names.end()) return std::nullopt;  // a variable of the callee's own
      Var outer = p.var;
      outer.name = name->second;
      innerArgs.push_back(Param{outer, p.inout});
    }
    return stepOf(inner->function, innerArgs);
  }

  // The call a body consists of (through blocks and comments), or nullptr.
  static const CallFunction* onlyCall(const Stmt& s) {
    if (s.kind() == StmtKind::CallFunction) return s.as<CallFunction>();
    if (s.kind() != StmtKind::Block) return nullptr;
    const CallFunction* call = nullptr;
    for (const Stmt& child : s.as<Block>()->stmts) {
      if (child.kind() == StmtKind::Comment) continue;
      if (call) return nullptr;
      call = onlyCall(child);
      if (!call) return nullptr;
    }
    return call;
  }

  const std::map<Name, const Function*>& functions_;
  std::set<Name> declared_;  // in the loop: its variable and the body's declarations
  ParallelRegion region_;
};

}  // namespace

std::map<Name, Name> argumentNames(const Function& callee, const std::vector<Param>& args) {
  std::map<Name, Name> names;
  for (size_t k = 0; k < callee.params.size() && k < args.size(); ++k)
    names.emplace(callee.params[k].var.name, args[k].var.name);
  return names;
}

std::optional<ParallelRegion> parallelRegionOf(const For* loop, const std::map<Name, const Function*>& functions) {
  if (loop->loopKind != LoopKind::Sequential) return std::nullopt;
  return RegionFinder(functions).find(loop);
}

}  // namespace aplc::backend
