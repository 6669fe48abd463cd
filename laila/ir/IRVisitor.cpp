// Default recursion of IRVisitor and IRMutator.
#include "laila/ir/IRVisitor.h"

namespace aplc::laila {

// ---------------------------------------------------------------------------------------------
// IRVisitor
// ---------------------------------------------------------------------------------------------

void IRVisitor::include(const Expr& e) {
  if (!e.defined()) return;
  switch (e.kind()) {
    case ExprKind::IntImm: return visit(e.as<IntImm>());
    case ExprKind::DoubleImm: return visit(e.as<DoubleImm>());
    case ExprKind::BoolImm: return visit(e.as<BoolImm>());
    case ExprKind::CharImm: return visit(e.as<CharImm>());
    case ExprKind::Variable: return visit(e.as<Variable>());
    case ExprKind::Unary: return visit(e.as<Unary>());
    case ExprKind::Binary: return visit(e.as<Binary>());
    case ExprKind::Select: return visit(e.as<Select>());
    case ExprKind::Load: return visit(e.as<Load>());
    case ExprKind::Call: return visit(e.as<Call>());
  }
}

void IRVisitor::include(const Stmt& s) {
  if (!s.defined()) return;
  switch (s.kind()) {
    case StmtKind::Decl: return visit(s.as<Decl>());
    case StmtKind::Assign: return visit(s.as<Assign>());
    case StmtKind::Store: return visit(s.as<Store>());
    case StmtKind::For: return visit(s.as<For>());
    case StmtKind::While: return visit(s.as<While>());
    case StmtKind::IfThenElse: return visit(s.as<IfThenElse>());
    case StmtKind::Block: return visit(s.as<Block>());
    case StmtKind::Allocate: return visit(s.as<Allocate>());
    case StmtKind::Free: return visit(s.as<Free>());
    case StmtKind::DeclareMemory: return visit(s.as<DeclareMemory>());
    case StmtKind::Print: return visit(s.as<Print>());
    case StmtKind::Check: return visit(s.as<Check>());
    case StmtKind::Comment: return visit(s.as<Comment>());
    case StmtKind::Fill: return visit(s.as<Fill>());
    case StmtKind::CallFunction: return visit(s.as<CallFunction>());
  }
}

void IRVisitor::visit(const Unary* op) { include(op->a); }
void IRVisitor::visit(const Binary* op) {
  include(op->a);
  include(op->b);
}
void IRVisitor::visit(const Select* op) {
  include(op->cond);
  include(op->ifTrue);
  include(op->ifFalse);
}
void IRVisitor::visit(const Load* op) {
  include(op->memory);
  include(op->index);
}
void IRVisitor::visit(const Call* op) {
  for (const Expr& a : op->args) include(a);
}
void IRVisitor::visit(const Decl* op) { include(op->init); }
void IRVisitor::visit(const Assign* op) { include(op->value); }
void IRVisitor::visit(const Store* op) {
  include(op->index);
  include(op->value);
}
void IRVisitor::visit(const For* op) {
  include(op->lower);
  include(op->upper);
  if (op->accumulator) include(op->accumulator->neutral);
  include(op->body);
}
void IRVisitor::visit(const While* op) {
  include(op->cond);
  include(op->body);
}
void IRVisitor::visit(const IfThenElse* op) {
  include(op->cond);
  include(op->thenCase);
  include(op->elseCase);
}
void IRVisitor::visit(const Block* op) {
  for (const Stmt& s : op->stmts) include(s);
}
void IRVisitor::visit(const Allocate* op) { include(op->count); }
void IRVisitor::visit(const Print* op) {
  include(op->value);
  for (const Expr& e : op->shape) include(e);
  for (const Expr& e : op->strides) include(e);
}
void IRVisitor::visit(const Check* op) { include(op->cond); }

// ---------------------------------------------------------------------------------------------
// IRMutator
// ---------------------------------------------------------------------------------------------

Expr IRMutator::mutate(const Expr& e) {
  if (!e.defined()) return e;
  switch (e.kind()) {
    case ExprKind::IntImm: return visit(e.as<IntImm>(), e);
    case ExprKind::DoubleImm: return visit(e.as<DoubleImm>(), e);
    case ExprKind::BoolImm: return visit(e.as<BoolImm>(), e);
    case ExprKind::CharImm: return visit(e.as<CharImm>(), e);
    case ExprKind::Variable: return visit(e.as<Variable>(), e);
    case ExprKind::Unary: return visit(e.as<Unary>(), e);
    case ExprKind::Binary: return visit(e.as<Binary>(), e);
    case ExprKind::Select: return visit(e.as<Select>(), e);
    case ExprKind::Load: return visit(e.as<Load>(), e);
    case ExprKind::Call: return visit(e.as<Call>(), e);
  }
  return e;
}

Stmt IRMutator::mutate(const Stmt& s) {
  if (!s.defined()) return s;
  switch (s.kind()) {
    case StmtKind::Decl: return visit(s.as<Decl>(), s);
    case StmtKind::Assign: return visit(s.as<Assign>(), s);
    case StmtKind::Store: return visit(s.as<Store>(), s);
    case StmtKind::For: return visit(s.as<For>(), s);
    case StmtKind::While: return visit(s.as<While>(), s);
    case StmtKind::IfThenElse: return visit(s.as<IfThenElse>(), s);
    case StmtKind::Block: return visit(s.as<Block>(), s);
    case StmtKind::Allocate: return visit(s.as<Allocate>(), s);
    case StmtKind::Free: return visit(s.as<Free>(), s);
    case StmtKind::DeclareMemory: return visit(s.as<DeclareMemory>(), s);
    case StmtKind::Print: return visit(s.as<Print>(), s);
    case StmtKind::Check: return visit(s.as<Check>(), s);
    case StmtKind::Comment: return visit(s.as<Comment>(), s);
    case StmtKind::Fill: return visit(s.as<Fill>(), s);
    case StmtKind::CallFunction: return visit(s.as<CallFunction>(), s);
  }
  return s;
}

Stmt IRMutator::mutateBody(const Stmt& s) {
  Stmt m = mutate(s);
  return m.defined() ? m : Block::make({});
}

namespace {

bool sameAll(const std::vector<Expr>& a, const std::vector<Expr>& b) {
  for (size_t i = 0; i < a.size(); ++i) {
    if (!a[i].sameAs(b[i])) return false;
  }
  return true;
}

}  // namespace

Expr IRMutator::visit(const Unary* op, const Expr& self) {
  Expr a = mutate(op->a);
  return a.sameAs(op->a) ? self : Unary::make(op->op, a);
}

Expr IRMutator::visit(const Binary* op, const Expr& self) {
  Expr a = mutate(op->a), b = mutate(op->b);
  return a.sameAs(op->a) && b.sameAs(op->b) ? self : Binary::make(op->op, a, b);
}

Expr IRMutator::visit(const Select* op, const Expr& self) {
  Expr c = mutate(op->cond), t = mutate(op->ifTrue), f = mutate(op->ifFalse);
  if (c.sameAs(op->cond) && t.sameAs(op->ifTrue) && f.sameAs(op->ifFalse)) return self;
  return Select::make(c, t, f);
}

Expr IRMutator::visit(const Load* op, const Expr& self) {
  Expr m = mutate(op->memory), i = mutate(op->index);
  return m.sameAs(op->memory) && i.sameAs(op->index) ? self : Load::make(m, i);
}

Expr IRMutator::visit(const Call* op, const Expr& self) {
  std::vector<Expr> args;
  for (const Expr& a : op->args) args.push_back(mutate(a));
  return sameAll(args, op->args) ? self : Call::make(op->function, op->type, std::move(args));
}

Stmt IRMutator::visit(const Decl* op, const Stmt& self) {
  Expr init = mutate(op->init);
  return init.sameAs(op->init) ? self : Decl::make(op->var, init);
}

Stmt IRMutator::visit(const Assign* op, const Stmt& self) {
  Expr v = mutate(op->value);
  return v.sameAs(op->value) ? self : Assign::make(op->var, v);
}

Stmt IRMutator::visit(const Store* op, const Stmt& self) {
  Expr i = mutate(op->index), v = mutate(op->value);
  return i.sameAs(op->index) && v.sameAs(op->value) ? self : Store::make(op->memory, i, v);
}

Stmt IRMutator::visit(const For* op, const Stmt& self) {
  Expr lo = mutate(op->lower), hi = mutate(op->upper);
  std::optional<Accumulator> acc = op->accumulator;
  bool accSame = true;
  if (acc) {
    acc->neutral = mutate(op->accumulator->neutral);
    accSame = acc->neutral.sameAs(op->accumulator->neutral);
  }
  Stmt body = mutateBody(op->body);
  if (lo.sameAs(op->lower) && hi.sameAs(op->upper) && accSame && body.sameAs(op->body)) {
    return self;
  }
  return For::make(op->var, lo, hi, op->loopKind, std::move(acc), body);
}

Stmt IRMutator::visit(const While* op, const Stmt& self) {
  Expr c = mutate(op->cond);
  Stmt body = mutateBody(op->body);
  return c.sameAs(op->cond) && body.sameAs(op->body) ? self : While::make(c, body);
}

Stmt IRMutator::visit(const IfThenElse* op, const Stmt& self) {
  Expr c = mutate(op->cond);
  Stmt t = mutateBody(op->thenCase);
  Stmt e = mutate(op->elseCase);
  if (c.sameAs(op->cond) && t.sameAs(op->thenCase) && e.sameAs(op->elseCase)) return self;
  return IfThenElse::make(c, t, e);
}

Stmt IRMutator::visit(const Block* op, const Stmt& self) {
  std::vector<Stmt> stmts;
  bool same = true;
  for (const Stmt& s : op->stmts) {
    Stmt m = mutate(s);
    same = same && m.sameAs(s);
    if (m.defined()) stmts.push_back(m);
  }
  return same ? self : Block::make(std::move(stmts));
}

Stmt IRMutator::visit(const Allocate* op, const Stmt& self) {
  Expr c = mutate(op->count);
  return c.sameAs(op->count) ? self : Allocate::make(op->var, c, op->space);
}

Stmt IRMutator::visit(const Print* op, const Stmt& self) {
  Expr v = mutate(op->value);
  std::vector<Expr> shape, strides;
  for (const Expr& e : op->shape) shape.push_back(mutate(e));
  for (const Expr& e : op->strides) strides.push_back(mutate(e));
  if (v.sameAs(op->value) && sameAll(shape, op->shape) && sameAll(strides, op->strides)) {
    return self;
  }
  return Print::make(v, std::move(shape), op->style, std::move(strides));
}

Stmt IRMutator::visit(const Check* op, const Stmt& self) {
  Expr c = mutate(op->cond);
  return c.sameAs(op->cond) ? self : Check::make(c, op->errorKind, op->loc, op->message);
}

}  // namespace aplc::laila
