// RecomputeArrays: arrays of a few operations on their index, recomputed where read (see
// RecomputeArrays.h).
#include "laila/passes/RecomputeArrays.h"

#include <map>
#include <optional>
#include <vector>

#include "laila/ir/Calls.h"
#include "laila/ir/IRVisitor.h"
#include "laila/ir/Renaming.h"

namespace aplc::laila {

namespace {

// Larger elements are worth their memory.
constexpr int kRecomputeNodes = 8;

// Operations cheap enough to repeat at every read: not the transcendental functions, square
// roots, powers or double divisions (an `exp` per element read three times is three `exp`s;
// n-body's masses, two divisions each, are read N² times), and of the runtime's calls only its
// integer helpers (aplc_op_umod, aplc_op_udiv).
bool cheapUnary(UnaryOp op) {
  switch (op) {
    case UnaryOp::Neg: case UnaryOp::Not: case UnaryOp::BitNot: case UnaryOp::Abs: case UnaryOp::Sign:
    case UnaryOp::Floor: case UnaryOp::Ceil: case UnaryOp::I2D: case UnaryOp::D2I: case UnaryOp::B2I:
    case UnaryOp::I2B: case UnaryOp::C2I: case UnaryOp::I2C: return true;
    default: return false;
  }
}
bool cheapCall(const std::string& function) { return function.rfind("aplc_op_", 0) == 0 && !callHasEffect(function); }

// An expression's size, and whether it reads only the names in `allowed`, nothing from memory,
// and has only cheap operations.
struct ExprFacts {
  int nodes = 0;
  bool pure = true;
};

ExprFacts factsOf(const Expr& e, const std::map<Name, Expr>& allowed) {
  struct Walker : IRVisitor {
    const std::map<Name, Expr>& allowed;
    ExprFacts facts;
    explicit Walker(const std::map<Name, Expr>& a) : allowed(a) {}
    using IRVisitor::visit;
    void visit(const Variable* op) override {
      ++facts.nodes;
      facts.pure = facts.pure && allowed.count(op->name) > 0;
    }
    void visit(const Unary* op) override {
      ++facts.nodes;
      facts.pure = facts.pure && cheapUnary(op->op);
      IRVisitor::visit(op);
    }
    void visit(const Binary* op) override {
      ++facts.nodes;
      bool doubleDivision = op->op == BinaryOp::Div && op->a.type() == DoubleType;
      facts.pure = facts.pure && op->op != BinaryOp::Pow && !doubleDivision;
      IRVisitor::visit(op);
    }
    void visit(const Select* op) override { ++facts.nodes; IRVisitor::visit(op); }
    void visit(const Load*) override { facts.pure = false; }
    void visit(const Call* op) override {
      ++facts.nodes;
      facts.pure = facts.pure && cheapCall(op->function);
      IRVisitor::visit(op);
    }
  } w(allowed);
  w.include(e);
  return w.facts;
}

// The element the loop at `loop` stores to `memory` at its index, as a function of a fresh
// index: v with the body's declarations substituted, and the loop variable left free. Empty
// when the body is not declarations and that one store, reading only the index.
std::optional<Expr> elementOf(const For* loop, const Name& memory) {
  if (loop->loopKind != LoopKind::ParallelMap) return std::nullopt;
  std::vector<Stmt> body = {loop->body};
  if (auto* block = loop->body.as<Block>()) body = block->stmts;
  if (body.empty()) return std::nullopt;
  std::map<Name, Expr> known = {{loop->var.name, Variable::make(loop->var)}};
  for (size_t k = 0; k + 1 < body.size(); ++k) {
    auto* decl = body[k].as<Decl>();
    if (!decl || !factsOf(decl->init, known).pure) return std::nullopt;
    known[decl->var.name] = Substitute(known).mutate(decl->init);
  }
  auto* store = body.back().as<Store>();
  if (!store || store->memory.name != memory) return std::nullopt;
  auto* index = store->index.as<Variable>();
  if (!index || index->name != loop->var.name || !factsOf(store->value, known).pure) return std::nullopt;
  Expr element = Substitute(known).mutate(store->value);
  if (factsOf(element, known).nodes > kRecomputeNodes) return std::nullopt;
  return element;
}

// Whether a statement mentions `memory` only in loads, and how many frees of it it holds.
class OnlyLoads : public IRVisitor {
 public:
  explicit OnlyLoads(Name memory) : memory_(std::move(memory)) {}
  bool ok = true;
  int frees = 0;

 protected:
  using IRVisitor::visit;
  void visit(const Variable* op) override { ok = ok && op->name != memory_; }
  void visit(const Load* op) override {
    auto* m = op->memory.as<Variable>();
    if (!m || m->name != memory_) include(op->memory);
    include(op->index);
  }
  void visit(const Store* op) override {
    ok = ok && op->memory.name != memory_;
    IRVisitor::visit(op);
  }
  void visit(const Assign* op) override {
    ok = ok && op->var.name != memory_;
    IRVisitor::visit(op);
  }
  void visit(const Free* op) override { frees += op->var.name == memory_ ? 1 : 0; }
  void visit(const Fill* op) override { ok = ok && op->memory.name != memory_; }
  void visit(const CallFunction* op) override {
    for (const Param& p : op->args) ok = ok && p.var.name != memory_;
  }

 private:
  Name memory_;
};

// Loads of `memory` replaced by its element at their index; its free removed.
class Recompute : public IRMutator {
 public:
  Recompute(Name memory, Var index, Expr element)
      : memory_(std::move(memory)), index_(std::move(index)), element_(std::move(element)) {}

 protected:
  using IRMutator::visit;
  Expr visit(const Load* op, const Expr& self) override {
    auto* m = op->memory.as<Variable>();
    if (!m || m->name != memory_) return IRMutator::visit(op, self);
    return Substitute({{index_.name, mutate(op->index)}}).mutate(element_);
  }
  Stmt visit(const Free* op, const Stmt& self) override { return op->var.name == memory_ ? Stmt() : self; }

 private:
  Name memory_;
  Var index_;
  Expr element_;
};

class Rematerializer : public IRMutator {
 protected:
  using IRMutator::visit;

  Stmt visit(const Block* op, const Stmt& self) override {
    Stmt s = IRMutator::visit(op, self);
    auto* block = s.as<Block>();
    if (!block) return s;
    std::vector<Stmt> stmts = block->stmts;
    bool changed = false;
    for (size_t k = 0; k + 1 < stmts.size();) {
      if (recomputeAt(stmts, k)) {
        changed = true;  // the statement now at k may start another such pair
      } else {
        ++k;
      }
    }
    return changed ? Block::make(std::move(stmts)) : s;
  }

 private:
  // Removes the array allocated at k and filled at k + 1 when it can be recomputed; true if so.
  static bool recomputeAt(std::vector<Stmt>& stmts, size_t k) {
    auto* alloc = stmts[k].as<Allocate>();
    auto* loop = stmts[k + 1].as<For>();
    if (!alloc || !loop) return false;
    std::optional<Expr> element = elementOf(loop, alloc->var.name);
    if (!element || !onlyLoadsAfter(stmts, k + 2, alloc->var.name)) return false;
    Recompute recompute(alloc->var.name, loop->var, *element);
    std::vector<Stmt> rewritten(stmts.begin(), stmts.begin() + static_cast<std::ptrdiff_t>(k));
    for (size_t j = k + 2; j < stmts.size(); ++j)
      if (Stmt t = recompute.mutate(stmts[j]); t.defined()) rewritten.push_back(t);
    stmts = std::move(rewritten);
    return true;
  }

  static bool onlyLoadsAfter(const std::vector<Stmt>& stmts, size_t from, const Name& memory) {
    OnlyLoads check(memory);
    for (size_t j = from; j < stmts.size(); ++j) check.include(stmts[j]);
    return check.ok && check.frees == 1;
  }
};

}  // namespace

Program recomputeArrays(const Program& program) {
  return mapBodies(program, [](const Stmt& body) { return Rematerializer().mutate(body); });
}

}  // namespace aplc::laila
