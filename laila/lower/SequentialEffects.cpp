// SequentialEffects: parallel loops with effects become sequential (see SequentialEffects.h).
#include "laila/lower/SequentialEffects.h"

#include <set>

#include "laila/ir/Calls.h"
#include "laila/ir/IRVisitor.h"

namespace aplc::laila {

namespace {

// The memory a statement allocates or declares anywhere inside it: inside a loop's body, the
// iteration's own (names are unique in the program).
struct OwnMemory : IRVisitor {
  std::set<Name> names;
  using IRVisitor::visit;
  void visit(const Allocate* op) override {
    names.insert(op->var.name);
    IRVisitor::visit(op);
  }
  void visit(const DeclareMemory* op) override {
    names.insert(op->var.name);
    IRVisitor::visit(op);
  }
};

// Whether a statement has an effect that a loop around it, whose iterations own `own`, cannot
// run in parallel.
struct EffectFinder : IRVisitor {
  explicit EffectFinder(const std::set<Name>* own) : own_(own) {}
  bool found = false;
  using IRVisitor::visit;
  void visit(const Call* op) override {
    found = found || (callHasEffect(op->function) && !writesOwnMemory(op));
    IRVisitor::visit(op);
  }
  void visit(const Print*) override { found = true; }
  void visit(const CallFunction*) override { found = true; }  // a recursive function's call: any effect

 private:
  bool writesOwnMemory(const Call* op) const {
    std::optional<size_t> written = writtenArgumentOnly(op->function);
    if (!own_ || !written || *written >= op->args.size()) return false;
    auto* m = op->args[*written].as<Variable>();
    return m && m->type.memory && own_->count(m->name);
  }
  const std::set<Name>* own_;
};

class Sequentialize : public IRMutator {
 protected:
  using IRMutator::visit;
  Stmt visit(const For* op, const Stmt& self) override {
    Stmt s = IRMutator::visit(op, self);
    const For* loop = s.as<For>();
    if (loop->loopKind == LoopKind::Sequential) return s;
    OwnMemory own;
    own.include(loop->body);
    EffectFinder finder(&own.names);
    finder.include(loop->body);
    if (!finder.found) return s;
    // A sequential loop runs the accumulator's updates in order: it needs no accumulator.
    return For::make(loop->var, loop->lower, loop->upper, LoopKind::Sequential, std::nullopt, loop->body);
  }
};

}  // namespace

bool hasEffects(const Stmt& s) {
  EffectFinder finder(nullptr);
  finder.include(s);
  return finder.found;
}

Program sequentializeEffects(const Program& program) {
  return mapBodies(program, [](const Stmt& body) { return Sequentialize().mutate(body); });
}

}  // namespace aplc::laila
