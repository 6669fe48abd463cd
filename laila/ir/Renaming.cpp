#include "laila/ir/Renaming.h"

#include <algorithm>
#include <optional>

#include "laila/ir/Ops.h"

namespace aplc::laila {

Renamer::Renamer(const std::set<Name>& declared, uint32_t& nextTag) {
  for (const Name& n : declared) renamed_[n] = Name{n.base, nextTag++};
}

Var Renamer::rename(const Var& v) const {
  auto it = renamed_.find(v.name);
  return it == renamed_.end() ? v : Var{it->second, v.type};
}

Expr Renamer::visit(const Variable* op, const Expr& self) {
  Var v = rename(op->var());
  return v.name == op->name ? self : Variable::make(v);
}
Stmt Renamer::visit(const Decl* op, const Stmt&) { return Decl::make(rename(op->var), mutate(op->init)); }
Stmt Renamer::visit(const Assign* op, const Stmt&) { return Assign::make(rename(op->var), mutate(op->value)); }
Stmt Renamer::visit(const Store* op, const Stmt&) {
  return Store::make(rename(op->memory), mutate(op->index), mutate(op->value));
}
Stmt Renamer::visit(const Allocate* op, const Stmt&) { return Allocate::make(rename(op->var), mutate(op->count), op->space); }
Stmt Renamer::visit(const Free* op, const Stmt&) { return Free::make(rename(op->var)); }
Stmt Renamer::visit(const DeclareMemory* op, const Stmt&) { return DeclareMemory::make(rename(op->var)); }
Stmt Renamer::visit(const Fill* op, const Stmt&) { return Fill::make(rename(op->memory), op->values); }
Stmt Renamer::visit(const For* op, const Stmt&) {
  std::optional<Accumulator> acc = op->accumulator;
  if (acc) {
    acc->var = rename(acc->var);
    acc->neutral = mutate(acc->neutral);
  }
  return For::make(rename(op->var), mutate(op->lower), mutate(op->upper), op->loopKind, std::move(acc),
                   mutateBody(op->body));
}

Stmt Renamer::visit(const CallFunction* op, const Stmt&) {
  std::vector<Param> args = op->args;
  for (Param& a : args) a.var = rename(a.var);
  return CallFunction::make(op->function, std::move(args));
}

std::vector<Name> declarationOrder(const Stmt& s) {
  struct Collector : IRVisitor {
    std::vector<Name> names;
    using IRVisitor::visit;
    void visit(const Decl* op) override {
      names.push_back(op->var.name);
      IRVisitor::visit(op);
    }
    void visit(const Allocate* op) override {
      names.push_back(op->var.name);
      IRVisitor::visit(op);
    }
    void visit(const DeclareMemory* op) override { names.push_back(op->var.name); }
    void visit(const For* op) override {
      names.push_back(op->var.name);
      IRVisitor::visit(op);
    }
  } c;
  c.include(s);
  return c.names;
}

// The names a statement declares (for renaming a copy).
std::set<Name> declaredIn(const Stmt& s) {
  std::vector<Name> names = declarationOrder(s);
  return {names.begin(), names.end()};
}

namespace {

// The names namesMentioned reports (Renaming.h).
struct Collector : IRVisitor {
  explicit Collector(bool frees) : countFrees(frees) {}
  bool countFrees;
  std::set<Name> names;
  using IRVisitor::visit;
  void visit(const Variable* op) override { names.insert(op->name); }
  void visit(const Decl* op) override {
    names.insert(op->var.name);
    IRVisitor::visit(op);
  }
  void visit(const Assign* op) override {
    names.insert(op->var.name);
    IRVisitor::visit(op);
  }
  void visit(const Store* op) override {
    names.insert(op->memory.name);
    IRVisitor::visit(op);
  }
  void visit(const Allocate* op) override {
    names.insert(op->var.name);
    IRVisitor::visit(op);
  }
  void visit(const DeclareMemory* op) override { names.insert(op->var.name); }
  void visit(const Free* op) override {
    if (countFrees) names.insert(op->var.name);
  }
  void visit(const Fill* op) override { names.insert(op->memory.name); }
  void visit(const For* op) override {
    names.insert(op->var.name);
    if (op->accumulator) names.insert(op->accumulator->var.name);
    IRVisitor::visit(op);
  }
  void visit(const CallFunction* op) override {
    for (const Param& p : op->args) names.insert(p.var.name);
  }
};

}  // namespace

std::set<Name> namesMentioned(const Stmt& s, bool countFrees) {
  Collector c(countFrees);
  c.include(s);
  return c.names;
}

std::set<Name> namesMentioned(const Expr& e) {
  Collector c(true);
  c.include(e);
  return c.names;
}

uint32_t largestTag(const Stmt& s) {
  uint32_t largest = 0;
  for (const Name& n : namesMentioned(s)) largest = std::max(largest, n.tag);
  return largest;
}

uint32_t largestTag(const Program& program) {
  uint32_t largest = program.body.defined() ? largestTag(program.body) : 0;
  for (const Function& f : program.functions) {
    largest = std::max(largest, largestTag(f.body));
    for (const Param& p : f.params) largest = std::max(largest, p.var.name.tag);
  }
  return largest;
}

Expr Substitute::visit(const Variable* op, const Expr& self) {
  auto found = values_.find(op->name);
  return found == values_.end() ? self : found->second;
}

Expr RemapAccesses::visit(const Load* op, const Expr& self) {
  auto* memory = op->memory.as<Variable>();
  if (!memory || memory->name != from_) return IRMutator::visit(op, self);
  return Load::make(var(to_), index_(mutate(op->index)));
}

Stmt RemapAccesses::visit(const Store* op, const Stmt& self) {
  if (op->memory.name != from_) return IRMutator::visit(op, self);
  return Store::make(to_, index_(mutate(op->index)), mutate(op->value));
}

}  // namespace aplc::laila
