// DeadCode: unread scalar declarations removed until none is left. See DeadCode.h.
#include "laila/passes/DeadCode.h"

#include <set>

#include "laila/ir/IRVisitor.h"
#include "laila/ir/Ops.h"

namespace aplc::laila {

namespace {

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

// The variables read anywhere (as expressions) and those assigned anywhere.
class Uses : public IRVisitor {
 public:
  std::set<Name> read, assigned, allocated;
  std::set<Name> storedWithEffect;  // memory a store with an effect in its index or value writes

  // Memory this body allocates (or declares) and then only writes and frees: nothing reads it
  // or moves it.
  bool deadMemory(const Name& m) const {
    return allocated.count(m) && !read.count(m) && !assigned.count(m) && !storedWithEffect.count(m);
  }

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
  void visit(const Allocate* op) override {
    allocated.insert(op->var.name);
    IRVisitor::visit(op);
  }
  void visit(const DeclareMemory* op) override { allocated.insert(op->var.name); }
  void visit(const Store* op) override {
    if (HasEffect::in(op->index) || HasEffect::in(op->value)) storedWithEffect.insert(op->memory.name);
    IRVisitor::visit(op);
  }
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
  // Dead memory: its allocation, stores, fills and free.
  Stmt visit(const Allocate* op, const Stmt& self) override { return dropIfDead(op->var.name, self); }
  Stmt visit(const DeclareMemory* op, const Stmt& self) override { return dropIfDead(op->var.name, self); }
  Stmt visit(const Free* op, const Stmt& self) override { return dropIfDead(op->var.name, self); }
  Stmt visit(const Fill* op, const Stmt& self) override { return dropIfDead(op->memory.name, self); }
  Stmt visit(const Store* op, const Stmt& self) override { return dropIfDead(op->memory.name, self); }

 private:
  Stmt dropIfDead(const Name& memory, const Stmt& self) {
    if (!uses_.deadMemory(memory)) return self;
    removed = true;
    return Stmt();
  }

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
