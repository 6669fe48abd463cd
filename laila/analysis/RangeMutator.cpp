// RangeMutator: interval facts kept along an IRMutator's walk. See RangeMutator.h.
#include "laila/analysis/RangeMutator.h"

#include <algorithm>
#include <memory>

#include "laila/ir/Ops.h"
#include "laila/passes/Simplify.h"

namespace aplc::laila {

namespace {

// The first walks: the hull of the values stored into each int memory block.
class StoredValues : public RangeMutator {
 public:
  std::map<Name, IntInterval> ranges() const {
    std::map<Name, IntInterval> known = ranges_;
    for (const Name& name : unknown_) known.erase(name);
    return known;
  }

 protected:
  using RangeMutator::visit;

  Stmt visit(const Store* op, const Stmt& self) override {
    if (op->value.type() == IntType) {
      IntInterval v = intInterval(op->value, facts());
      auto [it, fresh] = ranges_.emplace(op->memory.name, v);
      if (!fresh) it->second = {std::min(it->second.lo, v.lo), std::max(it->second.hi, v.hi)};
    }
    return self;
  }
  Stmt visit(const Fill* op, const Stmt& self) override {
    if (op->memory.type.base == BaseType::Int) {
      for (const Expr& value : op->values) {
        IntInterval v = intInterval(value, facts());
        auto [it, fresh] = ranges_.emplace(op->memory.name, v);
        if (!fresh) it->second = {std::min(it->second.lo, v.lo), std::max(it->second.hi, v.hi)};
      }
    }
    return self;
  }
  Stmt visit(const Assign* op, const Stmt& self) override {
    if (op->var.type.memory) {
      unknown_.insert(op->var.name);
      if (auto* from = op->value.as<Variable>()) unknown_.insert(from->name);
    }
    return RangeMutator::visit(op, self);
  }
  Expr visit(const Call* op, const Expr& self) override {
    for (const Expr& arg : op->args) {
      if (auto* v = arg.as<Variable>(); v && v->type.memory) unknown_.insert(v->name);
    }
    return RangeMutator::visit(op, self);
  }
  // A function may store anything into memory it is passed.
  Stmt visit(const CallFunction* op, const Stmt& self) override {
    for (const Param& p : op->args)
      if (p.var.type.memory) unknown_.insert(p.var.name);
    return RangeMutator::visit(op, self);
  }

 private:
  std::map<Name, IntInterval> ranges_;
  std::set<Name> unknown_;
};

// The second kind of walk, over one iteration of a loop's body: for each candidate accumulator,
// the values it is reset to and the steps it moves by (RangeMutator.h). The walk starts from the
// facts at the start of an iteration, where every variable the body assigns is unknown, so the
// interval of an assigned value holds whatever the accumulator held before.
class IterationSteps : public RangeMutator {
 public:
  struct Change {
    bool known = true;
    std::optional<IntInterval> resets;  // the hull of the values assigned outright
    // The sums of the steps' negative and positive extremes; undefined once they leave int64.
    std::optional<int64_t> down = 0, up = 0;
  };

  explicit IterationSteps(const std::map<Name, IntInterval>& candidates) {
    for (const auto& [name, start] : candidates) changes_[name];
  }
  const std::map<Name, Change>& changes() const { return changes_; }

 protected:
  using RangeMutator::visit;

  // `d = x + e` read later as `x = d`: a step of e's range, taken when d was computed.
  Stmt visit(const Decl* op, const Stmt& self) override {
    if (auto step = stepOf(op->init)) stepsByName_[op->var.name] = *step;
    return RangeMutator::visit(op, self);
  }
  Stmt visit(const Assign* op, const Stmt& self) override {
    if (auto it = changes_.find(op->var.name); it != changes_.end()) record(it->second, op->value);
    return RangeMutator::visit(op, self);
  }
  // An assignment in an inner loop may run any number of times per iteration.
  Stmt visit(const For* op, const Stmt& self) override { return nested([&] { return RangeMutator::visit(op, self); }); }
  Stmt visit(const While* op, const Stmt& self) override {
    return nested([&] { return RangeMutator::visit(op, self); });
  }
  Stmt visit(const CallFunction* op, const Stmt& self) override {
    for (const Param& p : op->args)
      if (auto it = changes_.find(p.var.name); p.inout && it != changes_.end()) it->second.known = false;
    return RangeMutator::visit(op, self);
  }
  // A branch the facts rule out assigns nothing: an integer sum's wrap counter, once the sum is
  // bounded, never moves.
  Expr ifCondition(const Expr& cond) override {
    if (std::optional<bool> known = decide(cond, facts())) return boolConst(*known);
    return cond;
  }

 private:
  struct Step {
    const Change* of;  // the accumulator stepped
    IntInterval by;
  };

  template <class F>
  Stmt nested(F&& walk) {
    ++depth_;
    Stmt s = walk();
    --depth_;
    return s;
  }

  // The change of the candidate e is, if e is one.
  const Change* changeOf(const Expr& e) const {
    auto* v = e.as<Variable>();
    if (!v) return nullptr;
    auto it = changes_.find(v->name);
    return it == changes_.end() ? nullptr : &it->second;
  }

  // x + e, e + x or x - e for a candidate x, with e's range now.
  std::optional<Step> stepOf(const Expr& value) const {
    auto* b = value.as<Binary>();
    if (!b || value.type() != IntType || (b->op != BinaryOp::Add && b->op != BinaryOp::Sub)) return std::nullopt;
    if (const Change* x = changeOf(b->a)) {
      IntInterval e = intInterval(b->b, facts());
      if (b->op == BinaryOp::Add) return Step{x, e};
      if (e.lo == INT64_MIN) return std::nullopt;
      return Step{x, {-e.hi, -e.lo}};
    }
    if (const Change* x = changeOf(b->b); x && b->op == BinaryOp::Add) return Step{x, intInterval(b->a, facts())};
    return std::nullopt;
  }

  void record(Change& change, const Expr& value) {
    if (depth_ > 0) {
      change.known = false;
      return;
    }
    std::optional<Step> step = stepOf(value);
    if (!step) {
      if (auto* v = value.as<Variable>(); v && stepsByName_.count(v->name)) step = stepsByName_.at(v->name);
    }
    if (step && step->of == &change) {
      if (step->by.isFull()) change.known = false;
      change.down = checkedSum(change.down, std::min<int64_t>(step->by.lo, 0));
      change.up = checkedSum(change.up, std::max<int64_t>(step->by.hi, 0));
      return;
    }
    IntInterval v = intInterval(keptOrOther(value, change), facts());
    if (v.isFull()) change.known = false;
    change.resets = change.resets ? IntInterval{std::min(change.resets->lo, v.lo), std::max(change.resets->hi, v.hi)} : v;
  }

  // max(x, e) and min(x, e) keep x or take e: as a reset, e. Anything else: the value itself.
  const Expr& keptOrOther(const Expr& value, const Change& change) const {
    auto* b = value.as<Binary>();
    if (!b || (b->op != BinaryOp::Max && b->op != BinaryOp::Min)) return value;
    if (changeOf(b->a) == &change) return b->b;
    if (changeOf(b->b) == &change) return b->a;
    return value;
  }

  static std::optional<int64_t> checkedSum(std::optional<int64_t> a, int64_t b) {
    int64_t r;
    if (!a || __builtin_add_overflow(*a, b, &r)) return std::nullopt;
    return r;
  }

  std::map<Name, Change> changes_;
  std::map<Name, Step> stepsByName_;
  int depth_ = 0;
};

// lo + trips × down and hi + trips × up, each side full where it leaves int64.
IntInterval widenedBySteps(IntInterval start, const IterationSteps::Change& change, int64_t trips) {
  IntInterval r = start;
  if (change.resets) r = {std::min(r.lo, change.resets->lo), std::max(r.hi, change.resets->hi)};
  auto side = [&](int64_t from, std::optional<int64_t> step) -> std::optional<int64_t> {
    int64_t by, to;
    if (!step || __builtin_mul_overflow(trips, *step, &by) || __builtin_add_overflow(from, by, &to)) return std::nullopt;
    return to;
  };
  r.lo = side(r.lo, change.down).value_or(INT64_MIN);
  r.hi = side(r.hi, change.up).value_or(INT64_MAX);
  return r;
}

}  // namespace

std::vector<std::pair<Name, IntInterval>> RangeMutator::accumulatorBounds(
    const For* loop, const std::map<Name, IntInterval>& starts, std::optional<int64_t> trips) const {
  std::vector<std::pair<Name, IntInterval>> bounds;
  if (starts.empty() || !trips || *trips <= 0) return bounds;
  // Two rounds: the second starts from the first's bounds (which hold in every iteration), so
  // that a variable moved only under a condition on another accumulator (a wrap counter, under
  // `aplc_add_overflows(x, sum)`) is bounded by what that one's bound allows.
  IntervalFacts atStart = facts_;
  for (int round = 0; round < 2; ++round) {
    for (const auto& [name, bound] : bounds) atStart.setInt(name, bound);
    IterationSteps steps(starts);
    steps.runFrom(atStart, loop->body);
    std::vector<std::pair<Name, IntInterval>> found;
    for (const auto& [name, change] : steps.changes()) {
      if (!change.known) continue;
      IntInterval bound = widenedBySteps(starts.at(name), change, *trips);
      if (!bound.isFull()) found.emplace_back(name, bound);
    }
    bool more = round == 0 && !found.empty() && starts.size() > 1;
    bounds = std::move(found);
    if (!more) break;
  }
  return bounds;
}

Stmt RangeMutator::runFrom(const IntervalFacts& facts, const Stmt& body) {
  facts_ = facts;
  boundsAccumulators_ = false;
  return runWithoutMemoryRanges(body);
}

// Memory ranges by rounds: the first with loads unknown, each later one with the ranges of the
// one before (sound, since those are), so an array computed from another (a scan of a scan)
// has a range after two.
Stmt RangeMutator::run(const Stmt& body) {
  constexpr int kRounds = 2;
  auto ranges = std::make_shared<const std::map<Name, IntInterval>>();
  for (int round = 0; round < kRounds; ++round) {
    StoredValues stored;
    if (round > 0) stored.facts_.setMemoryRanges(ranges);
    stored.runWithoutMemoryRanges(body);
    auto next = std::make_shared<const std::map<Name, IntInterval>>(stored.ranges());
    bool same = *next == *ranges;
    ranges = std::move(next);
    if (same) break;
  }
  facts_.setMemoryRanges(ranges);
  return runWithoutMemoryRanges(body);
}

Stmt RangeMutator::runWithoutMemoryRanges(const Stmt& body) {
  assigned_ = assignedVariables(body);
  Stmt r = mutate(body);
  return r.defined() ? r : Block::make({});
}

Expr RangeMutator::definition(const Name& name) const {
  auto it = definitions_.find(name);
  return it == definitions_.end() ? Expr() : it->second;
}

Expr RangeMutator::lookThrough(const Expr& e) const {
  if (auto* v = e.as<Variable>()) {
    if (Expr d = definition(v->var().name); d.defined()) return d;
  }
  return e;
}

Stmt RangeMutator::visit(const Decl* op, const Stmt& self) {
  Expr init = mutate(op->init);
  if (op->var.type == IntType) facts_.bindInt(op->var.name, intInterval(init, facts_));
  if (op->var.type == DoubleType) facts_.bindDouble(op->var.name, doubleInterval(init, facts_));
  if (!assigned_.count(op->var.name)) definitions_[op->var.name] = init;
  return init.sameAs(op->init) ? self : Decl::make(op->var, init);
}

Stmt RangeMutator::visit(const CallFunction* op, const Stmt& self) {
  for (const Param& p : op->args)
    if (p.inout) facts_.forget(p.var.name);
  return self;
}

Stmt RangeMutator::visit(const Assign* op, const Stmt& self) {
  Expr value = mutate(op->value);
  if (op->var.type == IntType) facts_.setInt(op->var.name, intInterval(value, facts_));
  if (op->var.type == DoubleType) facts_.setDouble(op->var.name, doubleInterval(value, facts_));
  return value.sameAs(op->value) ? self : Assign::make(op->var, value);
}

// Inside the body, lower ≤ v < upper. A variable the body assigns may hold, at the start of an
// iteration, what the previous one left: nothing is known about it at the start of the body
// or after the loop.
Stmt RangeMutator::visit(const For* op, const Stmt& self) {
  Expr lowerExpr = mutate(op->lower), upperExpr = mutate(op->upper);
  IntInterval lower = intInterval(lowerExpr, facts_), upper = intInterval(upperExpr, facts_);
  std::set<Name> assigned = assignedVariables(op->body);
  std::map<Name, IntInterval> starts;  // the int variables the body assigns, with what is known
  if (boundsAccumulators_) {
    for (const Name& name : assigned) {
      std::optional<IntInterval> start = facts_.intRange(name);
      if (start && !start->isFull()) starts.emplace(name, *start);
    }
  }
  forgetAll(assigned);
  size_t mark = facts_.mark();
  if (upper.hi > lower.lo) {  // else the body never runs: bind nothing
    facts_.bindInt(op->var.name, {lower.lo, upper.hi - 1});
  }
  std::vector<std::pair<Name, IntInterval>> accumulators;
  if (boundsAccumulators_) {
    int64_t trips;
    bool known = !__builtin_sub_overflow(upper.hi, lower.lo, &trips);
    accumulators = accumulatorBounds(op, starts, known ? std::optional<int64_t>(trips) : std::nullopt);
  }
  for (const auto& [name, bound] : accumulators) facts_.setInt(name, bound);
  Stmt body = mutateBody(op->body);
  facts_.popTo(mark);
  forgetAll(assigned);  // after the loop: from before it, or from any iteration
  for (const auto& [name, bound] : accumulators) facts_.setInt(name, bound);
  if (body.sameAs(op->body) && lowerExpr.sameAs(op->lower) && upperExpr.sameAs(op->upper)) return self;
  return For::make(op->var, lowerExpr, upperExpr, op->loopKind, op->accumulator, body);
}

Stmt RangeMutator::visit(const While* op, const Stmt& self) {
  std::set<Name> assigned = assignedVariables(op->body);
  forgetAll(assigned);
  size_t mark = facts_.mark();
  Stmt body = mutateBody(op->body);
  facts_.popTo(mark);
  forgetAll(assigned);  // the condition is read before and after every iteration
  Expr cond = mutate(op->cond);
  if (body.sameAs(op->body) && cond.sameAs(op->cond)) return self;
  return While::make(cond, body);
}

Stmt RangeMutator::visit(const Block* op, const Stmt& self) {
  size_t mark = facts_.mark();
  Stmt s = IRMutator::visit(op, self);
  facts_.popTo(mark);
  return s;
}

// Each branch starts from the facts before the if; after it, what holds on either branch.
Stmt RangeMutator::visit(const IfThenElse* op, const Stmt& self) {
  Expr cond = ifCondition(mutate(op->cond));
  if (auto k = asBoolConst(cond)) {
    const Stmt& chosen = *k ? op->thenCase : op->elseCase;
    return chosen.defined() ? branch(chosen) : Stmt();
  }
  IntervalFacts before = facts_;
  Stmt t = branch(op->thenCase);
  IntervalFacts afterThen = facts_;
  facts_ = std::move(before);
  Stmt e = op->elseCase.defined() ? branch(op->elseCase) : Stmt();
  facts_.joinWith(afterThen);
  if (t.sameAs(op->thenCase) && e.sameAs(op->elseCase) && cond.sameAs(op->cond)) return self;
  return IfThenElse::make(cond, t, e);
}

void RangeMutator::forgetAll(const std::set<Name>& names) {
  for (const Name& name : names) facts_.forget(name);
}

Stmt RangeMutator::branch(const Stmt& s) {
  size_t mark = facts_.mark();
  Stmt r = mutateBody(s);
  facts_.popTo(mark);
  return r;
}

}  // namespace aplc::laila
