// ParallelCalls: the calls a parallel loop's iteration may make (see ParallelCalls.h).
#include "laila/ir/ParallelCalls.h"

#include "laila/ir/Calls.h"
#include "laila/ir/IRVisitor.h"
#include "laila/ir/Renaming.h"

namespace aplc::laila {

namespace {

// What a function's body does that matters to a parallel loop calling it (ParallelCalls.h),
// given which functions are taken to be safe and which parameters they write: whether it is
// allowed, and which of its own memory parameters it writes.
class BodyChecker : public IRVisitor {
 public:
  BodyChecker(const ParallelCalls& calls, const Function& f) : calls_(calls), own_(declaredIn(f.body)) {
    for (size_t k = 0; k < f.params.size(); ++k) position_.emplace(f.params[k].var.name, k);
  }
  bool allowed = true;
  std::set<size_t> writtenParams;

 protected:
  using IRVisitor::visit;
  void visit(const Print*) override { allowed = false; }
  void visit(const Call* op) override {
    allowed = allowed && calls_.allowed(op, owns());
    IRVisitor::visit(op);
  }
  void visit(const CallFunction* op) override { allowed = allowed && calls_.allowed(op, owns()); }
  void visit(const Store* op) override {
    writes(op->memory.name);
    IRVisitor::visit(op);
  }
  void visit(const Fill* op) override { writes(op->memory.name); }
  void visit(const Free* op) override { writes(op->var.name); }
  void visit(const Assign* op) override {
    if (op->var.type.memory) {
      writes(op->var.name);
      if (auto* from = op->value.as<Variable>()) writes(from->name);
    }
    IRVisitor::visit(op);
  }

 private:
  // Its own variables and blocks, and its parameters: a write of a parameter is the caller's
  // to own, recorded.
  ParallelCalls::Owns owns() {
    return [this](const Name& n) {
      writes(n);
      return true;
    };
  }
  void writes(const Name& n) {
    if (own_.count(n)) return;
    if (auto p = position_.find(n); p != position_.end()) writtenParams.insert(p->second);
  }
  const ParallelCalls& calls_;
  std::set<Name> own_;
  std::map<Name, size_t> position_;  // a parameter's position
};

}  // namespace

ParallelCalls::ParallelCalls(const std::vector<Function>& functions) {
  for (const Function& f : functions) {
    safe_.insert(f.name);
    writes_[f.name];
    if (f.result) byCallName_.emplace(functionCallName(f.name), f.name);
  }
  // The largest set of safe functions closed under the rules, and the least sets of parameters
  // they write: drop the functions that break the rules and add the writes found, until nothing
  // changes (safety only shrinks and writes only grow, so this ends).
  for (bool changed = true; changed;) {
    changed = false;
    for (const Function& f : functions) {
      BodyChecker checker(*this, f);
      checker.include(f.body);
      if (safe_.count(f.name) && !checker.allowed) {
        safe_.erase(f.name);
        changed = true;
      }
      std::set<size_t>& written = writes_[f.name];
      for (size_t k : checker.writtenParams) changed = written.insert(k).second || changed;
    }
  }
}

bool ParallelCalls::allowed(const Call* call, const Owns& owns) const {
  if (auto f = byCallName_.find(call->function); f != byCallName_.end()) {
    if (!safe(f->second)) return false;
    for (size_t k : writes_.at(f->second)) {
      auto* m = k < call->args.size() ? call->args[k].as<Variable>() : nullptr;
      if (!m || !owns(m->name)) return false;
    }
    return true;
  }
  if (callAllowedInParallel(call->function)) return true;
  std::optional<size_t> written = writtenArgumentOnly(call->function);
  if (!written || *written >= call->args.size()) return false;
  auto* m = call->args[*written].as<Variable>();
  return m && m->type.memory && owns(m->name);
}

bool ParallelCalls::allowed(const CallFunction* call, const Owns& owns) const {
  if (!safe(call->function)) return false;
  const std::set<size_t>& written = writes_.at(call->function);
  for (size_t k = 0; k < call->args.size(); ++k) {
    const Param& p = call->args[k];
    if ((p.inout || written.count(k)) && !owns(p.var.name)) return false;
  }
  return true;
}

}  // namespace aplc::laila
