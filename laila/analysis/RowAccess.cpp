// RowAccess: accesses of a loop in the rows of its variable (see RowAccess.h).
#include "laila/analysis/RowAccess.h"

#include <map>
#include <set>

#include "laila/analysis/Invariance.h"
#include "laila/ir/Equality.h"
#include "laila/ir/IRVisitor.h"
#include "laila/ir/Ops.h"
#include "laila/ir/Renaming.h"
#include "laila/passes/Simplify.h"

namespace aplc::laila {

namespace {

// The width R of `index = i*R + e`, with e = index at i = 0: empty unless index is linear in i
// with a coefficient that reads none of `changed` (the loop's own names).
std::optional<Expr> widthOf(const Expr& index, const Var& i, const std::set<Name>& changed, const Facts& facts) {
  Expr atZero = simplify(Substitute({{i.name, intConst(0)}}).mutate(index), facts);
  Expr atOne = simplify(Substitute({{i.name, intConst(1)}}).mutate(index), facts);
  Expr width = simplify(sub(atOne, atZero), facts);
  if (!invariant(width, changed)) return std::nullopt;
  Expr rest = simplify(sub(index, add(mul(var(i), width), atZero)), facts);
  auto* zero = rest.as<IntImm>();
  if (!zero || zero->value != 0) return std::nullopt;
  // 0 ≤ e ≤ R - 1
  if (!proveNonNegative(atZero, facts) || !proveNonNegative(sub(sub(width, intConst(1)), atZero), facts))
    return std::nullopt;
  return width;
}

class RowAccesses : public IRVisitor {
 public:
  RowAccesses(const For& loop, Name memory)
      : loop_(loop), memory_(std::move(memory)), assigned_(assignedVariables(loop.body)) {
    Changes changes = changesIn(loop.body);
    changed_ = changes.declaredOrAssigned();
    changed_.insert(loop.var.name);
    facts_.bindLoop(loop.var.name, loop.lower, loop.upper);
  }

  std::optional<Expr> width() const { return ok_ ? width_ : std::nullopt; }

 protected:
  using IRVisitor::visit;

  void visit(const Variable* op) override { refuseIfMemory(op->name); }  // any mention but an access
  void visit(const Load* op) override {
    auto* m = op->memory.as<Variable>();
    if (m && m->name == memory_) {
      access(op->index);
    } else {
      include(op->memory);
    }
    include(op->index);
  }
  void visit(const Store* op) override {
    if (op->memory.name == memory_) access(op->index);
    include(op->index);
    include(op->value);
  }
  void visit(const Decl* op) override {
    include(op->init);
    facts_.bindDeclaration(op->var, op->init, assigned_);
  }
  void visit(const Assign* op) override {
    refuseIfMemory(op->var.name);
    include(op->value);
  }
  void visit(const Allocate* op) override {
    refuseIfMemory(op->var.name);
    include(op->count);
  }
  void visit(const Free* op) override { refuseIfMemory(op->var.name); }
  void visit(const DeclareMemory* op) override { refuseIfMemory(op->var.name); }
  void visit(const Fill* op) override { refuseIfMemory(op->memory.name); }
  void visit(const CallFunction* op) override {
    for (const Param& p : op->args) refuseIfMemory(p.var.name);
  }
  void visit(const Block* op) override {
    inScope([&] { IRVisitor::visit(op); });
  }
  void visit(const For* op) override {
    include(op->lower);
    include(op->upper);
    if (op->accumulator) include(op->accumulator->neutral);
    inScope([&] {
      facts_.bindLoop(op->var.name, op->lower, op->upper);
      include(op->body);
    });
  }
  void visit(const While* op) override {
    inScope([&] { IRVisitor::visit(op); });
  }
  void visit(const IfThenElse* op) override {
    include(op->cond);
    for (const Stmt* arm : {&op->thenCase, &op->elseCase})
      if (arm->defined()) inScope([&] { include(*arm); });
  }

 private:
  // The facts bound inside `visit` are forgotten after it (a scope's declarations and loops).
  template <typename Visit>
  void inScope(const Visit& visit) {
    size_t mark = facts_.size();
    visit();
    facts_.popTo(mark);
  }
  void refuseIfMemory(const Name& name) {
    if (name == memory_) ok_ = false;
  }
  void access(const Expr& index) {
    if (!ok_) return;
    std::optional<Expr> w = widthOf(index, loop_.var, changed_, facts_);
    if (!w || (width_ && !equal(*w, *width_))) {
      ok_ = false;
      return;
    }
    width_ = w;
  }

  const For& loop_;
  Name memory_;
  std::set<Name> assigned_;
  std::set<Name> changed_;
  Facts facts_;
  std::optional<Expr> width_;
  bool ok_ = true;
};

}  // namespace

std::optional<Expr> rowWidth(const For& loop, const Name& memory) {
  RowAccesses accesses(loop, memory);
  accesses.include(loop.body);
  return accesses.width();
}

Expr offsetInRow(const Expr& index, const Var& i, const Expr& width) {
  return simplify(sub(index, mul(var(i), width)));
}

}  // namespace aplc::laila
