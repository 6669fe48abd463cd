// HoistAllocations: per-iteration allocations of invariant size moved out of sequential loops
// (see HoistAllocations.h).
#include "laila/passes/HoistAllocations.h"

#include <set>

#include "laila/ir/IRVisitor.h"
#include "laila/analysis/Invariance.h"

namespace aplc::laila {

namespace {

class Hoister : public IRMutator {
 protected:
  using IRMutator::visit;

  Stmt visit(const For* op, const Stmt& self) override {
    Stmt s = IRMutator::visit(op, self);  // inner loops first
    auto* loop = s.as<For>();
    if (!loop || loop->loopKind != LoopKind::Sequential) return s;
    auto* body = loop->body.as<Block>();
    if (!body) return s;
    Changes effects = changesIn(loop->body);
    std::set<Name> changed = effects.declaredOrAssigned();
    changed.insert(loop->var.name);
    // The body's own allocations of invariant size, and which of them the body's own block frees.
    std::set<Name> candidates, freed;
    for (const Stmt& t : body->stmts) {
      if (auto* a = t.as<Allocate>(); a && !effects.moved.count(a->var.name) && invariant(a->count, changed))
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
