// Invariance: a visitor that looks for reads of changed variables or of memory. See Invariance.h.
#include "laila/analysis/Invariance.h"

#include "laila/ir/IRVisitor.h"

namespace aplc::laila {

namespace {

class ReadsChanged : public IRVisitor {
 public:
  explicit ReadsChanged(const std::set<Name>& changed) : changed_(changed) {}
  bool found = false;

 protected:
  using IRVisitor::visit;
  void visit(const Variable* x) override { found = found || changed_.count(x->name) > 0; }
  void visit(const Load*) override { found = true; }

 private:
  const std::set<Name>& changed_;
};

class ChangesCollector : public IRVisitor {
 public:
  Changes changes;

 protected:
  using IRVisitor::visit;
  void visit(const Decl* op) override {
    changes.declared.insert(op->var.name);
    IRVisitor::visit(op);
  }
  void visit(const Allocate* op) override {
    changes.declared.insert(op->var.name);
    IRVisitor::visit(op);
  }
  void visit(const DeclareMemory* op) override { changes.declared.insert(op->var.name); }
  void visit(const For* op) override {
    changes.declared.insert(op->var.name);
    IRVisitor::visit(op);
  }
  void visit(const Assign* op) override {
    changes.assigned.insert(op->var.name);
    if (op->var.type.memory) {
      changes.moved.insert(op->var.name);
      if (auto* v = op->value.as<Variable>()) changes.moved.insert(v->name);
    }
    IRVisitor::visit(op);
  }
  void visit(const CallFunction* op) override {
    for (const Param& p : op->args) {
      if (!p.inout) continue;
      changes.assigned.insert(p.var.name);
      if (p.var.type.memory) changes.moved.insert(p.var.name);
    }
  }
};

}  // namespace

std::set<Name> Changes::declaredOrAssigned() const {
  std::set<Name> all = declared;
  all.insert(assigned.begin(), assigned.end());
  return all;
}

Changes changesIn(const Stmt& s) {
  ChangesCollector c;
  c.include(s);
  return c.changes;
}

bool invariant(const Expr& e, const std::set<Name>& changed) {
  ReadsChanged reads(changed);
  reads.include(e);
  return !reads.found;
}

std::set<Name> memoryWrittenIn(const Stmt& s) {
  struct Collector : IRVisitor {
    std::set<Name> written;
    using IRVisitor::visit;
    void visit(const Store* op) override {
      written.insert(op->memory.name);
      IRVisitor::visit(op);
    }
    void visit(const Fill* op) override { written.insert(op->memory.name); }
    void visit(const Assign* op) override {
      if (op->var.type.memory) written.insert(op->var.name);
      IRVisitor::visit(op);
    }
    void visit(const Call* op) override {
      for (const Expr& a : op->args)
        if (auto* v = a.as<Variable>(); v && v->type.memory) written.insert(v->name);
      IRVisitor::visit(op);
    }
    void visit(const CallFunction* op) override {
      for (const Param& p : op->args)
        if (p.var.type.memory) written.insert(p.var.name);
    }
  } c;
  c.include(s);
  return c.written;
}

}  // namespace aplc::laila
