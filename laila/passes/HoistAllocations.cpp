// HoistAllocations: per-iteration allocations of invariant size moved out of sequential loops
// (see HoistAllocations.h).
#include "laila/passes/HoistAllocations.h"

#include <set>

#include "laila/ir/IRVisitor.h"
#include "laila/analysis/Invariance.h"

namespace aplc::laila {

namespace {

// What a loop body declares or assigns (not invariant in the loop) and which memory it moves.
class LoopEffects : public IRVisitor {
 public:
  std::set<Name> changed;
  std::set<Name> moved;

 protected:
  using IRVisitor::visit;
  void visit(const Decl* op) override {
    changed.insert(op->var.name);
    IRVisitor::visit(op);
  }
  void visit(const Assign* op) override {
    changed.insert(op->var.name);
    if (op->var.type.memory) {
      moved.insert(op->var.name);
      if (auto* v = op->value.as<Variable>()) moved.insert(v->name);
    }
    IRVisitor::visit(op);
  }
  void visit(const Allocate* op) override {
    changed.insert(op->var.name);
    IRVisitor::visit(op);
  }
  void visit(const For* op) override {
    changed.insert(op->var.name);
    IRVisitor::visit(op);
  }
  void visit(const CallFunction* op) override {  // an inout argument is assigned, memory moved into
    for (const Param& p : op->args) {
      if (!p.inout) continue;
      changed.insert(p.var.name);
      if (p.var.type.memory) moved.insert(p.var.name);
    }
  }
};

class Hoister : public IRMutator {
 protected:
  using IRMutator::visit;

  Stmt visit(const For* op, const Stmt& self) override {
    Stmt s = IRMutator::visit(op, self);  // inner loops first
    auto* loop = s.as<For>();
    if (!loop || loop->loopKind != LoopKind::Sequential) return s;
    auto* body = loop->body.as<Block>();
    if (!body) return s;
    LoopEffects effects;
    effects.include(loop->body);
    effects.changed.insert(loop->var.name);
    // The body's own allocations of invariant size, and which of them the body's own block frees.
    std::set<Name> candidates, freed;
    for (const Stmt& t : body->stmts) {
      if (auto* a = t.as<Allocate>(); a && !effects.moved.count(a->var.name) && invariant(a->count, effects.changed))
        candidates.insert(a->var.name);
      if (auto* f = t.as<Free>(); f && candidates.count(f->var.name)) freed.insert(f->var.name);
    }
    if (freed.empty()) return s;
    std::vector<Stmt> before, kept, after;
    for (const Stmt& t : body->stmts) {
      if (auto* a = t.as<Allocate>(); a && freed.count(a->var.name)) {
        before.push_back(t);
      } else if (auto* f = t.as<Free>(); f && freed.count(f->var.name)) {
        after.insert(after.begin(), t);  // freed in the reverse order of allocation
      } else {
        kept.push_back(t);
      }
    }
    before.push_back(For::make(loop->var, loop->lower, loop->upper, loop->loopKind, loop->accumulator,
                               Block::make(std::move(kept))));
    before.insert(before.end(), after.begin(), after.end());
    return Block::make(std::move(before));
  }
};

}  // namespace

Program hoistAllocations(const Program& program) {
  return mapBodies(program, [](const Stmt& body) { return Hoister().mutate(body); });
}

}  // namespace aplc::laila
