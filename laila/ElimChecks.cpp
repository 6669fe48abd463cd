// ElimChecks: a mutator that follows control flow with interval facts (laila/Intervals.h) and
// decides each Check's condition with them. See ElimChecks.h.
#include "laila/ElimChecks.h"

#include "laila/IRVisitor.h"
#include "laila/Intervals.h"
#include "laila/Ops.h"
#include "laila/Simplify.h"

namespace aplc::laila {

namespace {

class CheckEliminator : public IRMutator {
 protected:
  using IRMutator::visit;

  // Conditions of selects the ranges decide (`b == 0.0 ? 1.0 : a / b` with b ≥ 1) are folded.
  Expr visit(const Select* op, const Expr& self) override {
    if (auto k = decide(op->cond, facts_)) return mutate(*k ? op->ifTrue : op->ifFalse);
    return IRMutator::visit(op, self);
  }

  Stmt visit(const Decl* op, const Stmt& self) override {
    Expr init = mutate(op->init);
    if (op->var.type == IntType) facts_.bindInt(op->var.name, intInterval(init, facts_));
    if (op->var.type == DoubleType) facts_.bindDouble(op->var.name, doubleInterval(init, facts_));
    return init.sameAs(op->init) ? self : Decl::make(op->var, init);
  }

  Stmt visit(const Assign* op, const Stmt& self) override {
    Expr value = mutate(op->value);
    if (op->var.type == IntType) facts_.setInt(op->var.name, intInterval(value, facts_));
    if (op->var.type == DoubleType) facts_.setDouble(op->var.name, doubleInterval(value, facts_));
    return value.sameAs(op->value) ? self : Assign::make(op->var, value);
  }

  // Inside the body, lower ≤ v < upper. A variable the body assigns may hold, at the start of an
  // iteration, what the previous one left: nothing is known about it at the start of the body
  // or after the loop (a sound fixpoint would know more; accumulators stay unknown).
  Stmt visit(const For* op, const Stmt& self) override {
    Expr lowerExpr = mutate(op->lower), upperExpr = mutate(op->upper);
    IntInterval lower = intInterval(lowerExpr, facts_), upper = intInterval(upperExpr, facts_);
    forgetAssignedIn(op->body);
    size_t mark = facts_.mark();
    if (upper.hi > lower.lo) {  // else the body never runs: bind nothing
      facts_.bindInt(op->var.name, {lower.lo, upper.hi - 1});
    }
    Stmt body = mutateBody(op->body);
    facts_.popTo(mark);
    forgetAssignedIn(op->body);  // after the loop: from before it, or from any iteration
    if (body.sameAs(op->body) && lowerExpr.sameAs(op->lower) && upperExpr.sameAs(op->upper)) return self;
    return For::make(op->var, lowerExpr, upperExpr, op->loopKind, op->accumulator, body);
  }

  Stmt visit(const While* op, const Stmt& self) override {
    forgetAssignedIn(op->body);
    size_t mark = facts_.mark();
    Stmt body = mutateBody(op->body);
    facts_.popTo(mark);
    forgetAssignedIn(op->body);  // the condition is read before and after every iteration
    Expr cond = mutate(op->cond);
    if (body.sameAs(op->body) && cond.sameAs(op->cond)) return self;
    return While::make(cond, body);
  }

  Stmt visit(const Block* op, const Stmt& self) override {
    size_t mark = facts_.mark();
    Stmt s = IRMutator::visit(op, self);
    facts_.popTo(mark);
    return s;
  }

  // Each branch starts from the facts before the if; after it, what holds on either branch.
  Stmt visit(const IfThenElse* op, const Stmt& self) override {
    Expr cond = refine(mutate(op->cond));
    if (auto k = asBoolConst(cond)) {
      const Stmt& chosen = *k ? op->thenCase : op->elseCase;
      return chosen.defined() ? branch(chosen) : Stmt();
    }
    IntervalFacts before = facts_;
    Stmt t = branch(op->thenCase);
    IntervalFacts afterThen = facts_;
    facts_ = std::move(before);
    Stmt e = op->elseCase.defined() ? branch(op->elseCase) : Stmt();
    facts_.joinWith(afterThen);
    if (t.sameAs(op->thenCase) && e.sameAs(op->elseCase) && cond.sameAs(op->cond)) return self;
    return IfThenElse::make(cond, t, e);
  }

  Stmt visit(const Check* op, const Stmt& self) override {
    Expr cond = refine(mutate(op->cond));
    if (auto k = asBoolConst(cond); k && *k) return Stmt();  // always passes
    if (cond.sameAs(op->cond)) return self;
    return Check::make(cond, op->errorKind, op->loc, op->message);
  }

 private:
  // The condition with its decided parts replaced by constants (and folded away).
  Expr refine(const Expr& cond) {
    if (auto k = decide(cond, facts_)) return boolConst(*k);
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

  void forgetAssignedIn(const Stmt& body) {
    for (const Name& name : assignedVariables(body)) facts_.forget(name);
  }

  Stmt branch(const Stmt& s) {
    size_t mark = facts_.mark();
    Stmt r = mutateBody(s);
    facts_.popTo(mark);
    return r;
  }

  IntervalFacts facts_;
};

}  // namespace

Stmt eliminateChecks(const Stmt& s) {
  CheckEliminator eliminator;
  Stmt r = eliminator.mutate(s);
  return r.defined() ? r : Block::make({});
}

Program eliminateChecks(const Program& p) { return Program{eliminateChecks(p.body)}; }

}  // namespace aplc::laila
