#include "laila/analysis/WholeNumbers.h"

#include <algorithm>
#include <cmath>
#include <set>

#include "laila/ir/IRVisitor.h"
#include "laila/ir/Ops.h"
#include "laila/passes/Simplify.h"

namespace aplc::laila {

namespace {

// Strictly below 2^53: a bound computed in doubles from exact operands rounds monotonically, so
// a computed bound below 2^53 is the exact one (an exact bound of 2^53 or more never rounds
// below it).
bool isWhole(double v) { return std::isfinite(v) && v == std::floor(v) && std::fabs(v) < WholeRange::kExactLimit; }

}  // namespace

std::optional<WholeRange> WholeRange::of(double lo, double hi) {
  if (!isWhole(lo) || !isWhole(hi) || lo > hi) return std::nullopt;
  return WholeRange{lo, hi};
}

WholeRange WholeRange::hull(const WholeRange& other) const { return {std::min(lo, other.lo), std::max(hi, other.hi)}; }

double WholeRange::magnitude() const { return std::max(std::fabs(lo), std::fabs(hi)); }

void WholeNumbers::define(const std::vector<Stmt>& stmts) {
  std::set<Name> assigned = assignedVariables(Block::make(stmts));
  for (const Stmt& s : stmts)
    if (const Decl* d = s.as<Decl>(); d && !assigned.count(d->var.name)) definitions_[d->var.name] = d->init;
}

const Expr& WholeNumbers::lookThrough(const Expr& e) const {
  const Expr* at = &e;
  while (const Variable* v = at->as<Variable>()) {
    auto it = definitions_.find(v->var().name);
    if (it == definitions_.end()) break;
    at = &it->second;
  }
  return *at;
}

// Whether e reads x, through the definitions of the variables it reads (each followed once:
// straight-line code shares its values, `s = t + t`, and a walk of every path could take
// exponential time).
bool WholeNumbers::mentions(const Expr& e, const Name& x) const {
  class Reads : public IRVisitor {
   public:
    Reads(const WholeNumbers& w, const Name& x) : w_(w), x_(x) {}
    bool found = false;

   private:
    using IRVisitor::visit;
    void visit(const Variable* op) override {
      const Name& name = op->var().name;
      if (name == x_) found = true;
      if (found || !followed_.insert(name).second) return;
      if (auto it = w_.definitions_.find(name); it != w_.definitions_.end()) include(it->second);
    }
    const WholeNumbers& w_;
    const Name& x_;
    std::set<Name> followed_;
  };
  Reads reads(*this, x);
  reads.include(e);
  return reads.found;
}

std::optional<WholeRange> WholeNumbers::of(const Expr& e) const {
  // Each defined variable's range is found once (see mentions).
  const Variable* v = e.as<Variable>();
  if (!v || !definitions_.count(v->var().name)) return compute(e);
  auto known = ranges_.find(v->var().name);
  if (known != ranges_.end()) return known->second;
  std::optional<WholeRange> r = compute(definitions_.at(v->var().name));
  ranges_[v->var().name] = r;
  return r;
}

std::optional<WholeRange> WholeNumbers::compute(const Expr& e) const {
  const Expr& at = e;
  if (at.as<Variable>()) return std::nullopt;  // not defined: unknown
  if (auto d = asDoubleConst(at)) return WholeRange::of(*d, *d);
  if (auto i = asIntConst(at)) return WholeRange::of(double(*i), double(*i));
  if (const Unary* u = at.as<Unary>()) {
    switch (u->op) {
      case UnaryOp::I2D: return of(u->a);  // an int within 2^53 converts exactly
      case UnaryOp::B2I: return WholeRange{0, 1};
      case UnaryOp::Neg:
        if (auto a = of(u->a)) return WholeRange{-a->hi, -a->lo};
        return std::nullopt;
      default: return std::nullopt;
    }
  }
  if (const Select* s = at.as<Select>()) {
    auto t = of(s->ifTrue), f = of(s->ifFalse);
    if (t && f) return t->hull(*f);
    return std::nullopt;
  }
  if (const Load* l = at.as<Load>()) {
    const Variable* m = l->memory.as<Variable>();
    if (!m) return std::nullopt;
    auto it = memory_.find(m->var().name);
    if (it == memory_.end()) return std::nullopt;
    return it->second;
  }
  const Binary* b = at.as<Binary>();
  // Int operations too (i2d's operands): within 2^53 they do not wrap.
  if (!b || (at.type() != DoubleType && at.type() != IntType)) return std::nullopt;
  auto x = of(b->a), y = of(b->b);
  if (!x || !y) return std::nullopt;
  switch (b->op) {
    case BinaryOp::Add: return WholeRange::of(x->lo + y->lo, x->hi + y->hi);
    case BinaryOp::Sub: return WholeRange::of(x->lo - y->hi, x->hi - y->lo);
    case BinaryOp::Mul: {
      // Products of operands within 2^53 are within 2^106: exact enough to compare with 2^53.
      double p[] = {x->lo * y->lo, x->lo * y->hi, x->hi * y->lo, x->hi * y->hi};
      return WholeRange::of(*std::min_element(p, p + 4), *std::max_element(p, p + 4));
    }
    case BinaryOp::Min: return WholeRange{std::min(x->lo, y->lo), std::min(x->hi, y->hi)};
    case BinaryOp::Max: return WholeRange{std::max(x->lo, y->lo), std::max(x->hi, y->hi)};
    default: return std::nullopt;
  }
}

std::optional<WholeRange> WholeNumbers::acrossIterations(const Name& x, const WholeRange& start, const Expr& next,
                                                         int64_t trips) const {
  if (trips < 0) return std::nullopt;
  const Expr& at = lookThrough(next);
  if (const Variable* v = at.as<Variable>(); v && v->var().name == x) return start;  // unchanged
  if (!mentions(at, x)) {                                                           // a reset
    auto reset = of(at);
    return reset ? std::optional<WholeRange>(start.hull(*reset)) : std::nullopt;
  }
  const Binary* b = at.as<Binary>();
  if (!b || (b->op != BinaryOp::Add && b->op != BinaryOp::Sub)) return std::nullopt;
  auto isX = [&](const Expr& e) {
    const Variable* v = lookThrough(e).as<Variable>();
    return v && v->var().name == x;
  };
  const Expr* step = nullptr;
  if (isX(b->a)) step = &b->b;
  else if (b->op == BinaryOp::Add && isX(b->b)) step = &b->a;
  if (!step || mentions(*step, x)) return std::nullopt;
  std::optional<WholeRange> d = of(*step);
  if (!d) return std::nullopt;
  if (b->op == BinaryOp::Sub) d = WholeRange{-d->hi, -d->lo};
  // After t ≤ trips steps each in [d.lo, d.hi]: within start widened by trips × the steps'
  // parts below and above 0 (computed in doubles: trips and the steps are below 2^53, so a
  // product beyond the limit is refused, not wrapped).
  double n = double(trips);
  return WholeRange::of(start.lo + n * std::min(d->lo, 0.0), start.hi + n * std::max(d->hi, 0.0));
}

}  // namespace aplc::laila
