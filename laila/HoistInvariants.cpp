// HoistInvariants: loop-invariant integer and boolean expressions bound before their loop
// (see HoistInvariants.h).
#include "laila/HoistInvariants.h"

#include <map>
#include <set>
#include <utility>

#include "laila/Equality.h"
#include "laila/IRVisitor.h"
#include "laila/Invariance.h"
#include "laila/Renaming.h"
#include "laila/Simplify.h"

namespace aplc::laila {

namespace {

// Smaller expressions are cheaper to repeat than to name.
constexpr int kMinHoistedNodes = 5;

// Nodes of an expression, and whether evaluating it can trap or depend on a guard.
class ExprFacts : public IRVisitor {
 public:
  int nodes = 0;
  bool safe = true;

 protected:
  using IRVisitor::visit;
  void visit(const IntImm*) override { ++nodes; }
  void visit(const BoolImm*) override { ++nodes; }
  void visit(const DoubleImm*) override { ++nodes; }
  void visit(const CharImm*) override { ++nodes; }
  void visit(const Variable*) override { ++nodes; }
  void visit(const Unary* op) override {
    ++nodes;
    if (op->op == UnaryOp::D2I || op->a.type() == DoubleType) safe = false;
    IRVisitor::visit(op);
  }
  void visit(const Binary* op) override {
    ++nodes;
    switch (op->op) {
      case BinaryOp::Div: case BinaryOp::Mod: case BinaryOp::Shl: case BinaryOp::Shr: case BinaryOp::Pow:
        safe = false;
        break;
      default:
        if (op->a.type() == DoubleType) safe = false;  // only int and bool arithmetic moves
        break;
    }
    IRVisitor::visit(op);
  }
  void visit(const Select* op) override {
    ++nodes;
    IRVisitor::visit(op);
  }
  void visit(const Load*) override { safe = false; }
  void visit(const Call*) override { safe = false; }
};

// Replaces the maximal hoistable subexpressions of a loop body by variables (bound in `decls`).
class Extractor : public IRMutator {
 public:
  Extractor(std::set<Name> changed, uint32_t& nextTag) : changed_(std::move(changed)), nextTag_(nextTag) {}
  std::vector<Stmt> decls;

  using IRMutator::mutate;
  Expr mutate(const Expr& e) override {
    if (!e.defined() || e.as<Variable>() || (e.type() != IntType && e.type() != BoolType)) return IRMutator::mutate(e);
    ExprFacts facts;
    facts.include(e);
    if (facts.nodes < kMinHoistedNodes) return e;  // nothing inside is big enough either
    if (facts.safe && invariant(e, changed_)) return named(e);
    return IRMutator::mutate(e);
  }

 private:
  Expr named(const Expr& e) {
    auto found = names_.find(e);
    if (found != names_.end()) return found->second;
    Var v{Name{"inv", nextTag_++}, e.type()};
    decls.push_back(Decl::make(v, e));
    Expr x = Variable::make(v);
    names_.emplace(e, x);
    return x;
  }

  const std::set<Name> changed_;
  uint32_t& nextTag_;
  std::map<Expr, Expr, ExprLess> names_;
};

// What a loop body declares or assigns: its expressions that read none of it are invariant.
std::set<Name> changedIn(const For* loop) {
  std::set<Name> changed = declaredIn(loop->body);
  for (const Name& n : assignedVariables(loop->body)) changed.insert(n);
  changed.insert(loop->var.name);
  return changed;
}

class Hoister : public IRMutator {
 public:
  explicit Hoister(uint32_t firstFreeTag) : nextTag_(firstFreeTag) {}

 protected:
  using IRMutator::visit;

  // A loop in a block: its invariants are declared in the block, just before it, where the
  // loops after it can share them (CommonValues).
  Stmt visit(const Block* op, const Stmt& self) override {
    std::vector<Stmt> stmts;
    bool same = true;
    for (const Stmt& s : op->stmts) {
      if (const auto* loop = s.as<For>()) {
        Stmt hoisted = hoistFrom(loop, s, stmts);
        same = same && hoisted.sameAs(s);
        stmts.push_back(hoisted);
        continue;
      }
      Stmt m = mutate(s);
      same = same && m.sameAs(s);
      if (m.defined()) stmts.push_back(m);
    }
    return same ? self : Block::make(std::move(stmts));
  }
  // A loop elsewhere (the body of an if or of another loop): a block of its invariants and it.
  Stmt visit(const For* op, const Stmt& self) override {
    std::vector<Stmt> stmts;
    Stmt loop = hoistFrom(op, self, stmts);
    if (stmts.empty()) return loop;
    stmts.push_back(loop);
    return Block::make(std::move(stmts));
  }

 private:
  // The loop less its invariants, whose declarations are appended to `decls`.
  Stmt hoistFrom(const For* op, const Stmt& self, std::vector<Stmt>& decls) {
    Extractor extractor(changedIn(op), nextTag_);
    Stmt body = extractor.mutate(op->body);
    // Then the loops inside, outer first: their invariants go just before them.
    body = mutateBody(body);
    decls.insert(decls.end(), extractor.decls.begin(), extractor.decls.end());
    if (body.sameAs(op->body)) return self;
    return For::make(op->var, op->lower, op->upper, op->loopKind, op->accumulator, body);
  }

  uint32_t nextTag_;
};

}  // namespace

Program hoistInvariants(const Program& program) {
  if (!program.body.defined()) return program;
  Hoister hoister(largestTag(program.body) + 1);
  Program p = program;
  p.body = hoister.mutate(program.body);
  return p;
}

}  // namespace aplc::laila
