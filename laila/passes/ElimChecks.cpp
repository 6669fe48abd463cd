// ElimChecks: a RangeMutator (laila/analysis/RangeMutator.h) that decides each Check's condition with the
// interval facts. See ElimChecks.h.
#include "laila/passes/ElimChecks.h"

#include "laila/ir/Ops.h"
#include "laila/analysis/RangeMutator.h"

namespace aplc::laila {

namespace {

class CheckEliminator : public RangeMutator {
 protected:
  using RangeMutator::visit;

  // Conditions of selects the ranges decide (`b == 0.0 ? 1.0 : a / b` with b ≥ 1) are folded.
  Expr visit(const Select* op, const Expr& self) override {
    if (auto k = decide(op->cond, facts())) return mutate(*k ? op->ifTrue : op->ifFalse);
    return IRMutator::visit(op, self);
  }

  Expr ifCondition(const Expr& cond) override { return refine(cond); }

  Stmt visit(const Check* op, const Stmt& self) override {
    Expr cond = refine(mutate(op->cond));
    if (auto k = asBoolConst(cond); k && *k) return Stmt();  // always passes
    if (cond.sameAs(op->cond)) return self;
    return Check::make(cond, op->errorKind, op->loc, op->message);
  }

 private:
  // The condition with its decided parts replaced by constants (and folded away).
  Expr refine(const Expr& cond) {
    if (auto k = decide(cond, facts())) return boolConst(*k);
    if (auto* u = cond.as<Unary>(); u && u->op == UnaryOp::Not) {
      Expr a = refine(u->a);
      return a.sameAs(u->a) ? cond : lnot(a);
    }
    if (auto* b = cond.as<Binary>(); b && (b->op == BinaryOp::And || b->op == BinaryOp::Or)) {
      Expr x = refine(b->a), y = refine(b->b);
      if (x.sameAs(b->a) && y.sameAs(b->b)) return cond;
      return b->op == BinaryOp::And ? land(x, y) : lor(x, y);
    }
    return cond;
  }
};

}  // namespace

Stmt eliminateChecks(const Stmt& s) { return CheckEliminator().run(s); }

Program eliminateChecks(const Program& p) {
  return mapBodies(p, [](const Stmt& body) { return eliminateChecks(body); });
}

}  // namespace aplc::laila
