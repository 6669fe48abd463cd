// Cost: counts the operations of an element computation (see Cost.h for the units).
#include "laila/analysis/Cost.h"

#include <algorithm>

#include "laila/ir/IRVisitor.h"

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

}  // namespace

int elementCost(const std::vector<Stmt>& stmts) {
  CostCounter counter;
  for (const Stmt& s : stmts) counter.include(s);
  return counter.total();
}

}  // namespace aplc::laila
