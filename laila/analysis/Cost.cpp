// Cost: counts the operations of an element computation (see Cost.h for the units).
#include "laila/analysis/Cost.h"

#include <algorithm>
#include <initializer_list>
#include <optional>

#include "laila/ir/IRVisitor.h"
#include "laila/ir/LoopRoles.h"

namespace aplc::laila {

namespace {

int unaryCost(UnaryOp op) {
  switch (op) {
    case UnaryOp::Exp: case UnaryOp::Log: case UnaryOp::Sqrt: case UnaryOp::Sin: case UnaryOp::Cos:
    case UnaryOp::Tan: case UnaryOp::Asin: case UnaryOp::Acos: case UnaryOp::Atan: case UnaryOp::Sinh:
    case UnaryOp::Cosh: case UnaryOp::Tanh:
      return 20;
    default: return 1;
  }
}

int binaryCost(BinaryOp op) {
  switch (op) {
    case BinaryOp::Div: case BinaryOp::Mod: return 4;
    case BinaryOp::Pow: return 20;
    default: return 1;
  }
}

class CostCounter : public IRVisitor {
 public:
  int total() const { return std::min(total_, kExpensive); }

 protected:
  using IRVisitor::visit;
  void visit(const Unary* op) override { add(unaryCost(op->op)); IRVisitor::visit(op); }
  void visit(const Binary* op) override { add(binaryCost(op->op)); IRVisitor::visit(op); }
  void visit(const Select* op) override { add(1); IRVisitor::visit(op); }
  void visit(const Load* op) override { add(1); IRVisitor::visit(op); }
  // Runtime helpers are small inline functions; libm calls (pow, floor, fmod, ...) are not always.
  void visit(const Call* op) override {
    add(op->function.rfind("aplc_", 0) == 0 ? 2 : 8);
    IRVisitor::visit(op);
  }
  void visit(const IfThenElse* op) override { add(1); IRVisitor::visit(op); }
  void visit(const For*) override { add(kExpensive); }
  void visit(const While*) override { add(kExpensive); }
  void visit(const Allocate*) override { add(kExpensive); }

 private:
  void add(int n) { total_ = std::min(total_ + n, kExpensive); }
  int total_ = 0;
};

// Statements cost their expressions (CostCounter's units) and one more; loops multiply.
class WorkCounter : public IRVisitor {
 public:
  int64_t total() const { return std::max<int64_t>(1, std::min<int64_t>(total_, kExpensive)); }

 protected:
  using IRVisitor::visit;
  void visit(const Decl* op) override { statement({op->init}); }
  void visit(const Assign* op) override { statement({op->value}); }
  void visit(const Store* op) override { statement({op->index, op->value}); }
  void visit(const Check* op) override { statement({op->cond}); }
  void visit(const Print* op) override { statement({op->value}); }
  void visit(const Allocate* op) override { add(8); statement({op->count}); }
  void visit(const Free*) override { add(8); }
  void visit(const IfThenElse* op) override {
    statement({op->cond});
    include(op->thenCase);
    include(op->elseCase);
  }
  void visit(const For* op) override {
    if (isColdLoop(op)) return;  // it runs only on the way to an error
    std::optional<int64_t> lo = constant(op->lower), hi = constant(op->upper);
    int64_t trips = lo && hi ? std::clamp<int64_t>(*hi - *lo, 0, kExpensive) : kUnknownTrips;
    add(trips * (1 + iterationWork(op->body)));
  }
  void visit(const While* op) override { add(kUnknownTrips * (1 + iterationWork(op->body))); }

 private:
  void statement(std::initializer_list<Expr> expressions) {
    CostCounter cost;
    for (const Expr& e : expressions) cost.include(e);
    add(1 + cost.total());
  }
  static std::optional<int64_t> constant(const Expr& e) {
    if (const IntImm* k = e.as<IntImm>()) return k->value;
    return std::nullopt;
  }
  // Saturating (a product of two factors of at most kExpensive fits in int64).
  void add(int64_t n) {
    total_ = n >= kExpensive ? kExpensive : std::min<int64_t>(total_ + std::max<int64_t>(n, 0), kExpensive);
  }
  int64_t total_ = 0;
};

}  // namespace

namespace {

class WhileFinder : public IRVisitor {
 public:
  bool found = false;

 protected:
  using IRVisitor::visit;
  void visit(const While*) override { found = true; }
};

}  // namespace

bool iterationWorkVaries(const Stmt& body) {
  WhileFinder finder;
  finder.include(body);
  return finder.found;
}

int64_t iterationWork(const Stmt& body) {
  WorkCounter counter;
  counter.include(body);
  return counter.total();
}

int elementCost(const std::vector<Stmt>& stmts) {
  CostCounter counter;
  for (const Stmt& s : stmts) counter.include(s);
  return counter.total();
}

}  // namespace aplc::laila
