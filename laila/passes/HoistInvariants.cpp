// HoistInvariants: loop-invariant integer and boolean expressions bound before their loop
// (see HoistInvariants.h).
#include "laila/passes/HoistInvariants.h"

#include <map>
#include <set>
#include <unordered_map>
#include <utility>

#include "laila/ir/Equality.h"
#include "laila/ir/IRVisitor.h"
#include "laila/ir/Renaming.h"
#include "laila/passes/Simplify.h"

namespace aplc::laila {

namespace {

// Smaller expressions are cheaper to repeat than to name.
constexpr int kMinHoistedNodes = 5;

// Replaces the maximal hoistable subexpressions of a loop body by variables (bound in `decls`).
class Extractor : public IRMutator {
 public:
  Extractor(std::set<Name> changed, uint32_t& nextTag) : changed_(std::move(changed)), nextTag_(nextTag) {}
  std::vector<Stmt> decls;

  using IRMutator::mutate;
  Expr mutate(const Expr& e) override {
    if (!e.defined() || e.as<Variable>() || (e.type() != IntType && e.type() != BoolType)) return IRMutator::mutate(e);
    Facts f = factsOf(e);
    if (f.nodes < kMinHoistedNodes) return e;  // nothing inside is big enough either
    if (f.safe && f.invariant) return named(e);
    return IRMutator::mutate(e);
  }

 private:
  // An expression's size, whether evaluating it ahead can trap or depend on a guard (`safe`:
  // only int and bool arithmetic without division, remainder, shifts or powers; no memory, no
  // call), and whether it reads nothing the loop changes.
  struct Facts {
    int nodes = 1;
    bool safe = true;
    bool invariant = true;
  };

  // Bottom up, once per node: testing each node's subtree on the way down would be quadratic
  // in the depth of the index expressions.
  Facts factsOf(const Expr& e) {
    auto known = facts_.find(e.get());
    if (known != facts_.end()) return known->second;
    Facts f;
    auto include = [&f, this](const Expr& part) {
      Facts p = factsOf(part);
      f.nodes += p.nodes;
      f.safe = f.safe && p.safe;
      f.invariant = f.invariant && p.invariant;
    };
    switch (e.kind()) {
      case ExprKind::Variable: f.invariant = !changed_.count(e.as<Variable>()->name); break;
      case ExprKind::Unary: {
        const auto* u = e.as<Unary>();
        include(u->a);
        if (u->op == UnaryOp::D2I || u->a.type() == DoubleType) f.safe = false;
        break;
      }
      case ExprKind::Binary: {
        const auto* b = e.as<Binary>();
        include(b->a);
        include(b->b);
        bool traps = b->op == BinaryOp::Div || b->op == BinaryOp::Mod || b->op == BinaryOp::Shl ||
                     b->op == BinaryOp::Shr || b->op == BinaryOp::Pow;
        if (traps || b->a.type() == DoubleType) f.safe = false;
        break;
      }
      case ExprKind::Select: {
        const auto* s = e.as<Select>();
        include(s->cond);
        include(s->ifTrue);
        include(s->ifFalse);
        break;
      }
      case ExprKind::Load: case ExprKind::Call: f.safe = false; break;
      default: break;  // constants
    }
    facts_.emplace(e.get(), f);
    return f;
  }

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
  std::unordered_map<const void*, Facts> facts_;  // by node
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
  return mapBodies(program, [](const Stmt& body) { return Hoister(largestTag(body) + 1).mutate(body); });
}

}  // namespace aplc::laila
