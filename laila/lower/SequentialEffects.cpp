// SequentialEffects: parallel loops with effects become sequential (see SequentialEffects.h).
#include "laila/lower/SequentialEffects.h"

#include <set>

#include "laila/ir/Calls.h"
#include "laila/ir/IRVisitor.h"
#include "laila/ir/ParallelCalls.h"
#include "laila/ir/Renaming.h"

namespace aplc::laila {

namespace {

// Whether a statement has an effect that a loop around it, whose iterations own `own`, cannot
// run in parallel (laila/ir/ParallelCalls.h); with no `own`, any effect counts.
struct EffectFinder : IRVisitor {
  EffectFinder(const ParallelCalls* calls, const std::set<Name>* own) : calls_(calls), own_(own) {}
  bool found = false;
  using IRVisitor::visit;
  void visit(const Call* op) override {
    found = found || (callHasEffect(op->function) && !(calls_ && calls_->allowed(op, owns())));
    IRVisitor::visit(op);
  }
  void visit(const Print*) override { found = true; }
  void visit(const CallFunction* op) override { found = found || !(calls_ && calls_->allowed(op, owns())); }

 private:
  ParallelCalls::Owns owns() const {
    return [this](const Name& n) { return own_->count(n) != 0; };
  }
  const ParallelCalls* calls_;
  const std::set<Name>* own_;
};

class Sequentialize : public IRMutator {
 public:
  explicit Sequentialize(const ParallelCalls& calls) : calls_(calls) {}

 protected:
  using IRMutator::visit;
  Stmt visit(const For* op, const Stmt& self) override {
    Stmt s = IRMutator::visit(op, self);
    const For* loop = s.as<For>();
    if (loop->loopKind == LoopKind::Sequential) return s;
    std::set<Name> own = declaredIn(loop->body);  // the iteration's own variables and blocks
    EffectFinder finder(&calls_, &own);
    finder.include(loop->body);
    if (!finder.found) return s;
    // A sequential loop runs the accumulator's updates in order: it needs no accumulator.
    return For::make(loop->var, loop->lower, loop->upper, LoopKind::Sequential, std::nullopt, loop->body);
  }

 private:
  const ParallelCalls& calls_;
};

}  // namespace

bool hasEffects(const Stmt& s) {
  EffectFinder finder(nullptr, nullptr);
  finder.include(s);
  return finder.found;
}

Program sequentializeEffects(const Program& program) {
  ParallelCalls calls(program.functions);
  return mapBodies(program, [&](const Stmt& body) { return Sequentialize(calls).mutate(body); });
}

}  // namespace aplc::laila
