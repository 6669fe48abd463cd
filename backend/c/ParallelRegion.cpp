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

// Whether every thread may compute an expression, each its own copy, between two barriers: it
// reads no memory (a thread that left the last barrier first may already write memory in the
// next parallel loop or single, so a read could see this iteration's value or the last one's)
// and calls nothing but pure functions (a function of the program, or one with an effect,
// would be repeated by every thread).
class ReadsMemoryOrHasEffect : public IRVisitor {
 public:
  bool found = false;

 protected:
  using IRVisitor::visit;
  void visit(const Load*) override { found = true; }
  void visit(const Call* op) override {
    std::optional<unsigned> effects = callEffects(op->function);
    if (!effects || *effects != Pure) found = true;
    IRVisitor::visit(op);
  }
};

bool everyThreadMayCompute(const Expr& e) {
  ReadsMemoryOrHasEffect finder;
  finder.include(e);
  return !finder.found;
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
  // By the role the printer gives the statement (regionRole), whether the region can run it.
  bool statement(const Stmt& s) {
    switch (regionRole(s)) {
      case RegionRole::Block:
        return std::all_of(s.as<Block>()->stmts.begin(), s.as<Block>()->stmts.end(),
                           [&](const Stmt& child) { return statement(child); });
      case RegionRole::EveryThread: return everyThreadStatement(s);
      case RegionRole::ParallelLoop: {
        const CallFunction* c = s.as<CallFunction>();
        std::optional<RegionStep> step = stepOf(c->function, c->args);
        if (!step) return false;
        region_.steps.emplace(c, *step);
        return true;
      }
      case RegionRole::OneThread: return runsOnOneThread(s);
    }
    return false;
  }

  // A declaration, an assignment or a comment, which every thread runs on its own copies.
  bool everyThreadStatement(const Stmt& s) {
    if (const Decl* d = s.as<Decl>()) {
      declared_.insert(d->var.name);
      return everyThreadMayCompute(d->init);
    }
    if (const Assign* a = s.as<Assign>()) {
      if (!everyThreadMayCompute(a->value)) return false;
      bool known = std::any_of(region_.assigned.begin(), region_.assigned.end(),
                               [&](const Var& v) { return v.name == a->var.name; });
      if (!declared_.count(a->var.name) && !known) region_.assigned.push_back(a->var);
    }
    return true;
  }

  // Whether a statement of another kind may run on one thread of the region while the others
  // wait (in an `omp single`): it stores into memory and checks, assigning no variable declared
  // outside it (the other threads would keep their own values), and it allocates, frees, prints
  // and calls nothing. A one-item segment of a rotation (`parallel for i in 999..1000`) is one.
  static bool runsOnOneThread(const Stmt& s) {
    std::set<Name> declared;
    return runsOnOneThread(s, declared);
  }
  static bool runsOnOneThread(const Stmt& s, std::set<Name>& declared) {
    switch (s.kind()) {
      case StmtKind::Store: case StmtKind::Check: case StmtKind::Comment: return true;
      case StmtKind::Decl: declared.insert(s.as<Decl>()->var.name); return true;
      case StmtKind::Assign: return declared.count(s.as<Assign>()->var.name) > 0;
      case StmtKind::Block:
        return std::all_of(s.as<Block>()->stmts.begin(), s.as<Block>()->stmts.end(),
                           [&](const Stmt& child) { return runsOnOneThread(child, declared); });
      case StmtKind::For: {
        const For* f = s.as<For>();
        if (f->accumulator && !declared.count(f->accumulator->var.name)) return false;
        declared.insert(f->var.name);
        return runsOnOneThread(f->body, declared);
      }
      case StmtKind::While: return runsOnOneThread(s.as<While>()->body, declared);
      case StmtKind::IfThenElse: {
        const IfThenElse* i = s.as<IfThenElse>();
        return runsOnOneThread(i->thenCase, declared) && (!i->elseCase.defined() || runsOnOneThread(i->elseCase, declared));
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

RegionRole regionRole(const Stmt& s) {
  switch (s.kind()) {
    case StmtKind::Block: return RegionRole::Block;
    case StmtKind::CallFunction: return RegionRole::ParallelLoop;
    case StmtKind::Decl: case StmtKind::Assign: case StmtKind::Comment: return RegionRole::EveryThread;
    default: return RegionRole::OneThread;
  }
}

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
