// Copies: copy loops and mentions of memory (see Copies.h).
#include "backend/memory/Copies.h"

#include <map>

#include "laila/ir/Equality.h"
#include "laila/ir/Ops.h"
#include "laila/ir/Renaming.h"
#include "laila/passes/Simplify.h"

namespace aplc::memory {

using namespace laila;

namespace {

// Counts the Uses of one name (Copies.h).
class UsesOf : public IRVisitor {
 public:
  explicit UsesOf(Name name) : name_(std::move(name)) {}
  Uses uses;

 protected:
  using IRVisitor::visit;
  bool is(const Name& n) const { return n == name_; }
  void visit(const Variable* op) override { uses.other += is(op->name); }
  void visit(const Load* op) override {
    auto* memory = op->memory.as<Variable>();
    if (memory && is(memory->name)) {
      ++uses.accesses;
      include(op->index);
      return;
    }
    IRVisitor::visit(op);
  }
  void visit(const Store* op) override {
    uses.accesses += is(op->memory.name);
    IRVisitor::visit(op);
  }
  void visit(const Decl* op) override {
    uses.other += is(op->var.name);
    IRVisitor::visit(op);
  }
  void visit(const Assign* op) override {
    uses.other += is(op->var.name);
    IRVisitor::visit(op);
  }
  void visit(const Allocate* op) override {
    uses.allocationsAndFrees += is(op->var.name);
    IRVisitor::visit(op);
  }
  void visit(const Free* op) override { uses.allocationsAndFrees += is(op->var.name); }
  void visit(const DeclareMemory* op) override { uses.allocationsAndFrees += is(op->var.name); }
  void visit(const Fill* op) override { uses.other += is(op->memory.name); }
  void visit(const CallFunction* op) override {
    for (const Param& p : op->args) uses.other += is(p.var.name);
  }

 private:
  Name name_;
};

}  // namespace

Uses usesIn(const Stmt& s, const Name& name) {
  UsesOf counter(name);
  counter.include(s);
  return counter.uses;
}

Uses usesIn(const Expr& e, const Name& name) {
  UsesOf counter(name);
  counter.include(e);
  return counter.uses;
}

void flatten(const Stmt& s, std::vector<Stmt>& out) {
  if (auto* block = s.as<Block>()) {
    for (const Stmt& t : block->stmts) flatten(t, out);
  } else if (s.defined()) {
    out.push_back(s);
  }
}

const Store* finalStoreAtLoopIndex(const For* loop) {
  std::vector<Stmt> body;
  flatten(loop->body, body);
  if (body.empty()) return nullptr;
  auto* store = body.back().as<Store>();
  auto* index = store ? store->index.as<Variable>() : nullptr;
  return index && index->name == loop->var.name ? store : nullptr;
}

std::optional<Copy> copyLoop(const For* loop) {
  if (loop->accumulator || loop->loopKind == LoopKind::Reduction || loop->loopKind == LoopKind::Scan)
    return std::nullopt;
  std::vector<Stmt> body;
  flatten(loop->body, body);
  const Store* store = finalStoreAtLoopIndex(loop);
  if (!store) return std::nullopt;
  std::map<Name, Expr> values;  // each temporary's value, in terms of the loop variable
  for (size_t k = 0; k + 1 < body.size(); ++k) {
    if (auto* d = body[k].as<Decl>()) {
      values[d->var.name] = Substitute(values).mutate(d->init);
    } else if (auto* a = body[k].as<Assign>(); a && values.count(a->var.name)) {
      values[a->var.name] = Substitute(values).mutate(a->value);
    } else {
      return std::nullopt;
    }
  }
  Expr value = Substitute(values).mutate(store->value);
  auto* load = value.as<Load>();
  auto* source = load ? load->memory.as<Variable>() : nullptr;
  if (!source || source->name == store->memory.name) return std::nullopt;
  return Copy{source->name, store->memory.name, source->var(), loop->lower, loop->upper, load->index};
}

std::optional<Copy> inOrderCopyLoop(const For* loop) {
  std::optional<Copy> copy = copyLoop(loop);
  if (!copy || !equal(simplify(sub(add(copy->sourceIndex, copy->lower), var(loop->var))), intConst(0)))
    return std::nullopt;
  return copy;
}

std::optional<Copy> prefixCopyLoop(const For* loop) {
  std::optional<Copy> copy = inOrderCopyLoop(loop);
  if (!copy || !equal(copy->lower, intConst(0))) return std::nullopt;
  return copy;
}

namespace {

// Removes the frees (and allocations) of some memory.
class WithoutFrees : public IRMutator {
 public:
  WithoutFrees(std::set<Name> names, bool allocationsToo) : names_(std::move(names)), allocationsToo_(allocationsToo) {}

 protected:
  using IRMutator::visit;
  Stmt visit(const Free* op, const Stmt& self) override { return names_.count(op->var.name) ? Stmt() : self; }
  Stmt visit(const Allocate* op, const Stmt& self) override {
    return allocationsToo_ && names_.count(op->var.name) ? Stmt() : self;
  }
  Stmt visit(const DeclareMemory* op, const Stmt& self) override {
    return allocationsToo_ && names_.count(op->var.name) ? Stmt() : self;
  }

 private:
  std::set<Name> names_;
  bool allocationsToo_;
};

}  // namespace

Stmt withoutFrees(const Stmt& s, const std::set<Name>& names, bool allocationsToo) {
  return WithoutFrees(names, allocationsToo).mutate(s);
}

Stmt BlockRewriter::visit(const Block* op, const Stmt& self) {
  Stmt s = IRMutator::visit(op, self);  // inner blocks first
  auto* block = s.as<Block>();
  if (!block) return s;
  std::vector<Stmt> stmts = block->stmts;
  return rewrite(stmts) ? Block::make(std::move(stmts)) : s;
}

std::optional<size_t> allocationOf(const std::vector<Stmt>& stmts, const Name& name, size_t end) {
  for (size_t k = 0; k < end; ++k)
    if (auto* a = stmts[k].as<Allocate>(); a && a->var.name == name) return k;
  return std::nullopt;
}

}  // namespace aplc::memory
