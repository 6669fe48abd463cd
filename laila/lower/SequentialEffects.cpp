// SequentialEffects: parallel loops with effects become sequential (see SequentialEffects.h).
#include "laila/lower/SequentialEffects.h"

#include "laila/ir/Calls.h"
#include "laila/ir/IRVisitor.h"

namespace aplc::laila {

namespace {

struct EffectFinder : IRVisitor {
  bool found = false;
  using IRVisitor::visit;
  void visit(const Call* op) override {
    found = found || callHasEffect(op->function);
    IRVisitor::visit(op);
  }
  void visit(const Print*) override { found = true; }
  void visit(const CallFunction*) override { found = true; }  // a recursive function's call: any effect
};

class Sequentialize : public IRMutator {
 protected:
  using IRMutator::visit;
  Stmt visit(const For* op, const Stmt& self) override {
    Stmt s = IRMutator::visit(op, self);
    const For* loop = s.as<For>();
    if (loop->loopKind == LoopKind::Sequential || !hasEffects(loop->body)) return s;
    // A sequential loop runs the accumulator's updates in order: it needs no accumulator.
    return For::make(loop->var, loop->lower, loop->upper, LoopKind::Sequential, std::nullopt, loop->body);
  }
};

}  // namespace

bool hasEffects(const Stmt& s) {
  EffectFinder finder;
  finder.include(s);
  return finder.found;
}

Program sequentializeEffects(const Program& program) {
  return mapBodies(program, [](const Stmt& body) { return Sequentialize().mutate(body); });
}

}  // namespace aplc::laila
