// DeadCode: unread scalar declarations removed until none is left. See DeadCode.h.
#include "laila/passes/DeadCode.h"

#include <set>

#include "laila/ir/IRVisitor.h"
#include "laila/ir/Ops.h"

namespace aplc::laila {

namespace {

// The variables read anywhere (as expressions) and those assigned anywhere.
class Uses : public IRVisitor {
 public:
  std::set<Name> read, assigned;

 protected:
  using IRVisitor::visit;
  void visit(const Variable* op) override { read.insert(op->var().name); }
  void visit(const Assign* op) override {
    assigned.insert(op->var.name);
    IRVisitor::visit(op);
  }
  void visit(const CallFunction* op) override {
    for (const Param& p : op->args) (p.inout ? assigned : read).insert(p.var.name);
  }
};

class HasEffect : public IRVisitor {
 public:
  static bool in(const Expr& e) {
    HasEffect h;
    h.include(e);
    return h.found_;
  }

 protected:
  using IRVisitor::visit;
  void visit(const Call* op) override {
    found_ = found_ || callHasEffect(op->function);
    IRVisitor::visit(op);
  }

 private:
  bool found_ = false;
};

class DeadDeclRemover : public IRMutator {
 public:
  explicit DeadDeclRemover(const Uses& uses) : uses_(uses) {}
  bool removed = false;

 protected:
  using IRMutator::visit;
  Stmt visit(const Decl* op, const Stmt& self) override {
    const Name& name = op->var.name;
    if (uses_.read.count(name) || uses_.assigned.count(name) || HasEffect::in(op->init)) return self;
    removed = true;
    return Stmt();
  }

 private:
  const Uses& uses_;
};

}  // namespace

Program removeDeadCode(const Program& p) {
  Program out = mapBodies(p, [](const Stmt& start) {
    Stmt body = start;
    for (;;) {
      Uses uses;
      uses.include(body);
      DeadDeclRemover remover(uses);
      Stmt next = remover.mutate(body);
      if (!remover.removed) return body;
      body = next.defined() ? next : Block::make({});
    }
  });
  if (!out.body.defined()) out.body = Block::make({});
  return out;
}

}  // namespace aplc::laila
