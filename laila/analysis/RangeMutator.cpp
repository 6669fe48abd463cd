// RangeMutator: interval facts kept along an IRMutator's walk. See RangeMutator.h.
#include "laila/analysis/RangeMutator.h"

#include <algorithm>
#include <memory>

#include "laila/ir/Ops.h"
#include "laila/passes/Simplify.h"

namespace aplc::laila {

namespace {

// The first walk: the hull of the values stored into each int memory block.
class StoredValues : public RangeMutator {
 public:
  std::map<Name, IntInterval> ranges() const {
    std::map<Name, IntInterval> known = ranges_;
    for (const Name& name : unknown_) known.erase(name);
    return known;
  }

 protected:
  using RangeMutator::visit;

  Stmt visit(const Store* op, const Stmt& self) override {
    if (op->value.type() == IntType) {
      IntInterval v = intInterval(op->value, facts());
      auto [it, fresh] = ranges_.emplace(op->memory.name, v);
      if (!fresh) it->second = {std::min(it->second.lo, v.lo), std::max(it->second.hi, v.hi)};
    }
    return self;
  }
  Stmt visit(const Fill* op, const Stmt& self) override {
    if (op->memory.type.base == BaseType::Int) {
      for (const Expr& value : op->values) {
        IntInterval v = intInterval(value, facts());
        auto [it, fresh] = ranges_.emplace(op->memory.name, v);
        if (!fresh) it->second = {std::min(it->second.lo, v.lo), std::max(it->second.hi, v.hi)};
      }
    }
    return self;
  }
  Stmt visit(const Assign* op, const Stmt& self) override {
    if (op->var.type.memory) {
      unknown_.insert(op->var.name);
      if (auto* from = op->value.as<Variable>()) unknown_.insert(from->name);
    }
    return RangeMutator::visit(op, self);
  }
  Expr visit(const Call* op, const Expr& self) override {
    for (const Expr& arg : op->args) {
      if (auto* v = arg.as<Variable>(); v && v->type.memory) unknown_.insert(v->name);
    }
    return RangeMutator::visit(op, self);
  }
  // A function may store anything into memory it is passed.
  Stmt visit(const CallFunction* op, const Stmt& self) override {
    for (const Param& p : op->args)
      if (p.var.type.memory) unknown_.insert(p.var.name);
    return RangeMutator::visit(op, self);
  }

 private:
  std::map<Name, IntInterval> ranges_;
  std::set<Name> unknown_;
};

}  // namespace

Stmt RangeMutator::run(const Stmt& body) {
  StoredValues stored;
  stored.runWithoutMemoryRanges(body);
  facts_.setMemoryRanges(std::make_shared<const std::map<Name, IntInterval>>(stored.ranges()));
  return runWithoutMemoryRanges(body);
}

Stmt RangeMutator::runWithoutMemoryRanges(const Stmt& body) {
  assigned_ = assignedVariables(body);
  Stmt r = mutate(body);
  return r.defined() ? r : Block::make({});
}

Expr RangeMutator::definition(const Name& name) const {
  auto it = definitions_.find(name);
  return it == definitions_.end() ? Expr() : it->second;
}

Expr RangeMutator::lookThrough(const Expr& e) const {
  if (auto* v = e.as<Variable>()) {
    if (Expr d = definition(v->var().name); d.defined()) return d;
  }
  return e;
}

Stmt RangeMutator::visit(const Decl* op, const Stmt& self) {
  Expr init = mutate(op->init);
  if (op->var.type == IntType) facts_.bindInt(op->var.name, intInterval(init, facts_));
  if (op->var.type == DoubleType) facts_.bindDouble(op->var.name, doubleInterval(init, facts_));
  if (!assigned_.count(op->var.name)) definitions_[op->var.name] = init;
  return init.sameAs(op->init) ? self : Decl::make(op->var, init);
}

Stmt RangeMutator::visit(const CallFunction* op, const Stmt& self) {
  for (const Param& p : op->args)
    if (p.inout) facts_.forget(p.var.name);
  return self;
}

Stmt RangeMutator::visit(const Assign* op, const Stmt& self) {
  Expr value = mutate(op->value);
  if (op->var.type == IntType) facts_.setInt(op->var.name, intInterval(value, facts_));
  if (op->var.type == DoubleType) facts_.setDouble(op->var.name, doubleInterval(value, facts_));
  return value.sameAs(op->value) ? self : Assign::make(op->var, value);
}

// Inside the body, lower ≤ v < upper. A variable the body assigns may hold, at the start of an
// iteration, what the previous one left: nothing is known about it at the start of the body
// or after the loop.
Stmt RangeMutator::visit(const For* op, const Stmt& self) {
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

Stmt RangeMutator::visit(const While* op, const Stmt& self) {
  forgetAssignedIn(op->body);
  size_t mark = facts_.mark();
  Stmt body = mutateBody(op->body);
  facts_.popTo(mark);
  forgetAssignedIn(op->body);  // the condition is read before and after every iteration
  Expr cond = mutate(op->cond);
  if (body.sameAs(op->body) && cond.sameAs(op->cond)) return self;
  return While::make(cond, body);
}

Stmt RangeMutator::visit(const Block* op, const Stmt& self) {
  size_t mark = facts_.mark();
  Stmt s = IRMutator::visit(op, self);
  facts_.popTo(mark);
  return s;
}

// Each branch starts from the facts before the if; after it, what holds on either branch.
Stmt RangeMutator::visit(const IfThenElse* op, const Stmt& self) {
  Expr cond = ifCondition(mutate(op->cond));
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

void RangeMutator::forgetAssignedIn(const Stmt& body) {
  for (const Name& name : assignedVariables(body)) facts_.forget(name);
}

Stmt RangeMutator::branch(const Stmt& s) {
  size_t mark = facts_.mark();
  Stmt r = mutateBody(s);
  facts_.popTo(mark);
  return r;
}

}  // namespace aplc::laila
