// LaneInvariants: a per-point power's iteration-invariant values computed once per tile (see
// LaneInvariants.h).
#include "laila/passes/LaneInvariants.h"

#include <map>
#include <optional>
#include <set>
#include <unordered_map>
#include <vector>

#include "laila/analysis/Invariance.h"
#include "laila/ir/Calls.h"
#include "laila/ir/Equality.h"
#include "laila/ir/IRVisitor.h"
#include "laila/ir/LoopRoles.h"
#include "laila/ir/Ops.h"
#include "laila/ir/Renaming.h"
#include "laila/passes/Simplify.h"

namespace aplc::laila {

namespace {

// Cheaper expressions are cheaper to recompute than to load: the work counted is every node but
// variables, constants and integer additions, subtractions and multiplications (index
// arithmetic, which the lanes vectorise).
constexpr int kMinHoistedWork = 2;

// Replaces the maximal invariant subexpressions of the lane body's statements by loads of lane
// buffers (named in `buffers`, with the expressions they hold).
class Extractor : public IRMutator {
 public:
  Extractor(std::set<Name> changed, std::set<Name> written, Var lane, uint32_t& nextTag)
      : changed_(std::move(changed)), written_(std::move(written)), lane_(std::move(lane)), nextTag_(nextTag) {}
  std::vector<std::pair<Var, Expr>> buffers;

  using IRMutator::mutate;
  Expr mutate(const Expr& e) override {
    if (!e.defined() || e.type().memory) return e;
    if (e.as<Load>()) return e;  // a load stays a load; its index is index arithmetic
    Facts f = factsOf(e);
    if (f.invariant && f.work >= kMinHoistedWork && !(afterCheck_ && f.loads)) return buffered(e);
    return IRMutator::mutate(e);
  }

  // The lane body's own statements: their expressions, not the statements inside them.
  Stmt top(const Stmt& s) {
    if (s.as<Check>()) afterCheck_ = true;
    if (auto* d = s.as<Decl>()) return Decl::make(d->var, mutate(d->init));
    if (auto* a = s.as<Assign>(); a && !a->var.type.memory) return Assign::make(a->var, mutate(a->value));
    if (auto* st = s.as<Store>()) return Store::make(st->memory, st->index, mutate(st->value));
    return s;
  }

 private:
  struct Facts {
    int work = 1;
    bool invariant = true;
    bool loads = false;
  };

  Facts factsOf(const Expr& e) {
    auto known = facts_.find(e.get());
    if (known != facts_.end()) return known->second;
    Facts f;
    auto include = [&f, this](const Expr& part) {
      Facts p = factsOf(part);
      f.work += p.work;
      f.invariant = f.invariant && p.invariant;
      f.loads = f.loads || p.loads;
    };
    switch (e.kind()) {
      case ExprKind::Variable: {
        const Name& n = e.as<Variable>()->name;
        f.work = 0;
        f.invariant = n == lane_.name || !changed_.count(n);
        break;
      }
      case ExprKind::Unary: include(e.as<Unary>()->a); break;
      case ExprKind::Binary: {
        const auto* b = e.as<Binary>();
        bool indexArithmetic = e.type() == IntType &&
                               (b->op == BinaryOp::Add || b->op == BinaryOp::Sub || b->op == BinaryOp::Mul);
        if (indexArithmetic) f.work = 0;
        include(b->a);
        include(b->b);
        break;
      }
      case ExprKind::Select: {
        const auto* s = e.as<Select>();
        include(s->cond);
        include(s->ifTrue);
        include(s->ifFalse);
        break;
      }
      case ExprKind::Load: {
        const auto* l = e.as<Load>();
        const auto* m = l->memory.as<Variable>();
        include(l->index);
        f.loads = true;
        f.invariant = f.invariant && m && !changed_.count(m->name) && !written_.count(m->name);
        break;
      }
      case ExprKind::Call: {
        const auto* c = e.as<Call>();
        for (const Expr& a : c->args) include(a);
        f.invariant = f.invariant && !callHasEffect(c->function);
        break;
      }
      default: f.work = 0; break;  // constants
    }
    facts_.emplace(e.get(), f);
    return f;
  }

  Expr buffered(const Expr& e) {
    for (const auto& [buffer, value] : buffers)
      if (equal(value, e)) return load(Variable::make(buffer), Variable::make(lane_));
    Var buffer{Name{"lanes", nextTag_++}, Type::memoryOf(e.type().base)};
    buffers.emplace_back(buffer, e);
    return load(Variable::make(buffer), Variable::make(lane_));
  }

  const std::set<Name> changed_;
  const std::set<Name> written_;
  const Var lane_;
  uint32_t& nextTag_;
  std::unordered_map<const void*, Facts> facts_;
  // A check came before in the lane body: a load after it may be valid only when it passes
  // (an index it checks), so no load after it is computed ahead.
  bool afterCheck_ = false;
};

// The lane loop a power loop's body is made of, if it is one.
const For* laneLoopOf(const For* power) {
  const Stmt* body = &power->body;
  if (auto* block = power->body.as<Block>()) {
    if (block->stmts.size() != 1) return nullptr;
    body = &block->stmts[0];
  }
  auto* lanes = body->as<For>();
  if (!lanes || !isLaneLoop(lanes) || lanes->loopKind != LoopKind::ParallelMap) return nullptr;
  std::optional<int64_t> lower = asIntConst(lanes->lower);
  return lower && *lower == 0 ? lanes : nullptr;
}

// The declarations in a statement: a lane loop's extent, `min(n - first, 16)`, is read through
// them for its constant bound.
class Definitions : public IRVisitor {
 public:
  std::map<Name, Expr> values;

 protected:
  using IRVisitor::visit;
  void visit(const Decl* op) override {
    values.emplace(op->var.name, op->init);
    IRVisitor::visit(op);
  }
};

class Hoister : public IRMutator {
 public:
  Hoister(uint32_t nextTag, const Stmt& body) : nextTag_(nextTag) {
    Definitions d;
    d.include(body);
    std::set<Name> assigned = assignedVariables(body);
    for (auto& [name, value] : d.values)
      if (!assigned.count(name)) definitions_.emplace(name, value);
  }

 protected:
  using IRMutator::visit;

  Stmt visit(const For* op, const Stmt& self) override {
    Stmt s = IRMutator::visit(op, self);
    auto* power = s.as<For>();
    if (!power || power->loopKind != LoopKind::Sequential) return s;
    const For* lanes = laneLoopOf(power);
    if (!lanes) return s;
    std::set<Name> changed = declaredIn(power->body);
    for (const Name& n : assignedVariables(power->body)) changed.insert(n);
    changed.insert(power->var.name);
    if (!invariant(lanes->upper, changed)) return s;
    Extractor extractor(changed, memoryWrittenIn(power->body), lanes->var, nextTag_);
    std::vector<Stmt> body;
    if (auto* block = lanes->body.as<Block>()) {
      for (const Stmt& t : block->stmts) body.push_back(extractor.top(t));
    } else {
      body.push_back(extractor.top(lanes->body));
    }
    if (extractor.buffers.empty()) return s;
    Stmt newLanes = For::make(lanes->var, lanes->lower, lanes->upper, lanes->loopKind, lanes->accumulator,
                              Block::make(std::move(body)));
    Stmt newPower = For::make(power->var, power->lower, power->upper, power->loopKind, power->accumulator, newLanes);
    return Block::make(aroundPower(extractor.buffers, lanes, power, newPower));
  }

 private:
  // The buffers' allocations, the loop that fills them (guarded unless the power surely runs),
  // the power loop, the frees.
  std::vector<Stmt> aroundPower(const std::vector<std::pair<Var, Expr>>& buffers, const For* lanes, const For* power,
                                const Stmt& newPower) {
    std::vector<Stmt> stmts, fills;
    Var lane{Name{kLaneLoopBase, nextTag_++}, IntType};
    Renamer toFillLane(std::map<Name, Name>{{lanes->var.name, lane.name}});
    for (const auto& [buffer, value] : buffers) {
      stmts.push_back(Allocate::make(buffer, bufferSize(lanes->upper)));
      fills.push_back(Store::make(buffer, Variable::make(lane), toFillLane.mutate(value)));
    }
    Stmt fill = For::make(lane, intConst(0), lanes->upper, LoopKind::ParallelMap, std::nullopt, Block::make(std::move(fills)));
    std::optional<int64_t> trips = asIntConst(simplify(power->upper - power->lower));
    if (!trips || *trips < 1) fill = IfThenElse::make(lt(power->lower, power->upper), fill);
    stmts.push_back(fill);
    stmts.push_back(newPower);
    for (auto it = buffers.rbegin(); it != buffers.rend(); ++it) stmts.push_back(Free::make(it->first));
    return stmts;
  }

  // A buffer's size: the lanes' constant bound when their extent is a constant or `min(e, c)`
  // (a tile's width at most c), through a variable's declaration, so that the buffer is private memory (laila/analysis/PrivateMemory.h), an
  // automatic array in C, not an allocation per tile; else the extent.
  Expr bufferSize(const Expr& extent) const {
    const Expr* at = &extent;
    if (const Variable* v = at->as<Variable>()) {
      auto it = definitions_.find(v->var().name);
      if (it != definitions_.end()) at = &it->second;
    }
    if (isConst(*at)) return *at;
    if (const Binary* b = at->as<Binary>(); b && b->op == BinaryOp::Min) {
      for (const Expr& side : {b->a, b->b})
        if (std::optional<int64_t> c = asIntConst(side); c && *c >= 0) return intConst(*c);
    }
    return extent;
  }

  uint32_t nextTag_;
  std::map<Name, Expr> definitions_;
};

}  // namespace

Program hoistLaneInvariants(const Program& program) {
  uint32_t next = largestTag(program) + 1;
  return mapBodies(program, [&next](const Stmt& body) {
    Hoister h(next, body);
    Stmt out = h.mutate(body);
    next = largestTag(out) + 1;
    return out;
  });
}

}  // namespace aplc::laila
