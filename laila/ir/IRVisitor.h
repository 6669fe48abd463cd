// Base classes for walking Laila (Halide's IRVisitor / IRMutator are the model).
//
// IRVisitor: override the `visit` overloads you care about; the defaults visit every child, so an
// override that still wants the children calls the base version (IRVisitor::visit(op)).
//
// IRMutator: `mutate` returns a (possibly) new tree. The defaults mutate every child and rebuild
// the node with its raw `make` (no constant folding) only when a child changed; otherwise they
// return the node itself, so unchanged subtrees stay shared. A Stmt mutation may return an
// undefined Stmt to delete the statement (Block drops it; elsewhere it becomes an empty block).
#pragma once

#include "laila/ir/IR.h"

namespace aplc::laila {

class IRVisitor {
 public:
  virtual ~IRVisitor() = default;
  void include(const Expr& e);  // dispatches on the node's kind; ignores undefined handles
  void include(const Stmt& s);

 protected:
  virtual void visit(const IntImm*) {}
  virtual void visit(const DoubleImm*) {}
  virtual void visit(const BoolImm*) {}
  virtual void visit(const CharImm*) {}
  virtual void visit(const Variable*) {}
  virtual void visit(const Unary* op);
  virtual void visit(const Binary* op);
  virtual void visit(const Select* op);
  virtual void visit(const Load* op);
  virtual void visit(const Call* op);

  virtual void visit(const Decl* op);
  virtual void visit(const Assign* op);
  virtual void visit(const Store* op);
  virtual void visit(const For* op);
  virtual void visit(const While* op);
  virtual void visit(const IfThenElse* op);
  virtual void visit(const Block* op);
  virtual void visit(const Allocate* op);
  virtual void visit(const Free*) {}
  virtual void visit(const DeclareMemory*) {}
  virtual void visit(const Print* op);
  virtual void visit(const Check* op);
  virtual void visit(const Comment*) {}
  virtual void visit(const Fill*) {}
  virtual void visit(const CallFunction*) {}  // its arguments are variables, not expressions
};

class IRMutator {
 public:
  virtual ~IRMutator() = default;
  virtual Expr mutate(const Expr& e);  // undefined in, undefined out
  virtual Stmt mutate(const Stmt& s);

 protected:
  virtual Expr visit(const IntImm*, const Expr& self) { return self; }
  virtual Expr visit(const DoubleImm*, const Expr& self) { return self; }
  virtual Expr visit(const BoolImm*, const Expr& self) { return self; }
  virtual Expr visit(const CharImm*, const Expr& self) { return self; }
  virtual Expr visit(const Variable*, const Expr& self) { return self; }
  virtual Expr visit(const Unary* op, const Expr& self);
  virtual Expr visit(const Binary* op, const Expr& self);
  virtual Expr visit(const Select* op, const Expr& self);
  virtual Expr visit(const Load* op, const Expr& self);
  virtual Expr visit(const Call* op, const Expr& self);

  virtual Stmt visit(const Decl* op, const Stmt& self);
  virtual Stmt visit(const Assign* op, const Stmt& self);
  virtual Stmt visit(const Store* op, const Stmt& self);
  virtual Stmt visit(const For* op, const Stmt& self);
  virtual Stmt visit(const While* op, const Stmt& self);
  virtual Stmt visit(const IfThenElse* op, const Stmt& self);
  virtual Stmt visit(const Block* op, const Stmt& self);
  virtual Stmt visit(const Allocate* op, const Stmt& self);
  virtual Stmt visit(const Free*, const Stmt& self) { return self; }
  virtual Stmt visit(const DeclareMemory*, const Stmt& self) { return self; }
  virtual Stmt visit(const Print* op, const Stmt& self);
  virtual Stmt visit(const Check* op, const Stmt& self);
  virtual Stmt visit(const Comment*, const Stmt& self) { return self; }
  virtual Stmt visit(const Fill*, const Stmt& self) { return self; }
  virtual Stmt visit(const CallFunction*, const Stmt& self) { return self; }

  // A mutated statement that must exist (a loop body): an undefined result becomes `{}`.
  Stmt mutateBody(const Stmt& s);
};

}  // namespace aplc::laila
