// UpperBounds: symbolic bounds over a loop's iterations (see UpperBounds.h).
#include "laila/analysis/UpperBounds.h"

#include <set>

#include "laila/ir/IRVisitor.h"
#include "laila/ir/Ops.h"

namespace aplc::laila {

namespace {

// How deep a bound follows definitions (each a declaration or a loop bound): programs are finite,
// but a chain of a thousand declarations would make a huge expression.
constexpr int kMaxDepth = 24;

}  // namespace

namespace {

// Whether an assignment is `v = v + s` (or `s + v`): the increment s, or nothing.
std::optional<Expr> increment(const Assign* op) {
  const Binary* sum = op->value.as<Binary>();
  if (!sum || sum->op != BinaryOp::Add) return std::nullopt;
  auto isSelf = [&](const Expr& e) {
    const Variable* v = e.as<Variable>();
    return v && v->name == op->var.name;
  };
  if (isSelf(sum->a)) return sum->b;
  if (isSelf(sum->b)) return sum->a;
  return std::nullopt;
}

// The scalars a statement assigns, and those of them assigned otherwise than as counters.
struct Assignments : IRVisitor {
  std::set<Name> assigned, notCounters;
  using IRVisitor::visit;
  void visit(const Assign* op) override {
    IRVisitor::visit(op);
    if (op->var.type.memory) return;
    assigned.insert(op->var.name);
    if (!increment(op)) notCounters.insert(op->var.name);
  }
  void visit(const CallFunction* op) override {
    for (const Param& p : op->args)
      if (p.inout && !p.var.type.memory) assigned.insert(p.var.name), notCounters.insert(p.var.name);
  }
};

}  // namespace

// Records the body's declarations, loops and counters in one walk, in order: a bound reads only
// what is declared before it.
class UpperBounds::Walker : public IRVisitor {
 public:
  Walker(UpperBounds& ub, const Assignments& assignments) : ub_(ub), assignments_(assignments) {}

 protected:
  using IRVisitor::visit;
  void visit(const Decl* op) override {
    IRVisitor::visit(op);
    Definition& d = ub_.definitions_[op->var.name];
    const Name& n = op->var.name;
    if (assignments_.notCounters.count(n)) {
      d.value = Expr();  // no bound
    } else {
      d.value = op->init;
      d.counter = assignments_.assigned.count(n) > 0;
    }
    ub_.declaredInside_[n] = true;
    depth_[n] = enclosing_.size();
  }
  void visit(const Allocate* op) override {
    ub_.declaredInside_[op->var.name] = true;
    IRVisitor::visit(op);
  }
  void visit(const DeclareMemory* op) override { ub_.declaredInside_[op->var.name] = true; }
  void visit(const For* op) override {
    include(op->lower);
    include(op->upper);
    ub_.loops_[op->var.name] = {op->lower, op->upper};
    ub_.declaredInside_[op->var.name] = true;
    enclosing_.push_back(op);
    include(op->body);
    enclosing_.pop_back();
  }
  void visit(const While* op) override {
    enclosing_.push_back(nullptr);  // runs any number of times
    IRVisitor::visit(op);
    enclosing_.pop_back();
  }
  void visit(const Assign* op) override {
    IRVisitor::visit(op);
    auto d = ub_.definitions_.find(op->var.name);
    if (op->var.type.memory || d == ub_.definitions_.end() || !d->second.counter) return;
    // The loops between the counter's declaration and this assignment: their trip counts are
    // bounded when asked, once every step of every counter is known (a loop may run over a
    // counter that a later statement of an enclosing loop's iteration increments).
    std::vector<const For*> around(enclosing_.begin() + static_cast<std::ptrdiff_t>(depth_[op->var.name]), enclosing_.end());
    for (const For* f : around) {
      if (!f) {  // a while loop: any number of steps
        d->second.counter = false;
        d->second.value = Expr();
        return;
      }
    }
    d->second.steps.push_back(*increment(op));
    d->second.stepLoops.push_back(std::move(around));
  }

 private:
  UpperBounds& ub_;
  const Assignments& assignments_;
  std::vector<const For*> enclosing_;  // the loops around the statement (nullptr: a while loop)
  std::map<Name, size_t> depth_;       // how many of them were around a scalar's declaration
};

UpperBounds::UpperBounds(const For* loop) {
  loops_[loop->var.name] = {loop->lower, loop->upper};
  declaredInside_[loop->var.name] = true;
  Assignments assignments;
  assignments.include(loop->body);
  // A variable of the enclosing code that the body assigns has no bound.
  for (const Name& n : assignments.assigned) declaredInside_[n] = true, definitions_[n];
  Walker walker(*this, assignments);
  walker.include(loop->body);
}

std::optional<Expr> UpperBounds::variableBound(const Name& name, bool up, int depth) const {
  if (auto l = loops_.find(name); l != loops_.end()) {
    if (!up) return bound(l->second.first, false, depth + 1);
    std::optional<Expr> hi = bound(l->second.second, true, depth + 1);
    return hi ? std::optional<Expr>(sub(*hi, intConst(1))) : std::nullopt;
  }
  auto d = definitions_.find(name);
  if (d == definitions_.end()) return std::nullopt;
  if (d->second.counter) return counterBound(d->second, up, depth);
  if (!d->second.value.defined()) return std::nullopt;
  return bound(d->second.value, up, depth + 1);
}

std::optional<Expr> UpperBounds::counterBound(const Definition& d, bool up, int depth) const {
  std::optional<Expr> start = bound(d.value, up, depth + 1);
  if (!start) return std::nullopt;
  Expr total = *start;
  for (size_t k = 0; k < d.steps.size(); ++k) {
    if (!up) {  // a counter never goes down when its steps cannot
      std::optional<Expr> low = bound(d.steps[k], false, depth + 1);
      std::optional<int64_t> c = low ? asIntConst(*low) : std::nullopt;
      if (!c || *c < 0) return std::nullopt;
      continue;
    }
    std::optional<Expr> step = bound(d.steps[k], true, depth + 1);
    if (!step) return std::nullopt;
    Expr trips = intConst(1);
    for (const For* f : d.stepLoops[k]) {
      std::optional<Expr> hi = bound(f->upper, true, depth + 1), lo = bound(f->lower, false, depth + 1);
      if (!hi || !lo) return std::nullopt;
      trips = mul(trips, max(sub(*hi, *lo), intConst(0)));
    }
    total = add(total, mul(max(*step, intConst(0)), trips));
  }
  return total;
}

std::optional<Expr> UpperBounds::bound(const Expr& e, bool up, int depth) const {
  if (depth > kMaxDepth || e.type() != IntType) return std::nullopt;
  if (e.as<IntImm>()) return e;
  if (const Variable* v = e.as<Variable>()) {
    if (!declaredInside_.count(v->name)) return e;  // the enclosing code's: the same in every iteration
    return variableBound(v->name, up, depth);
  }
  if (const Unary* u = e.as<Unary>()) {
    if (u->op == UnaryOp::B2I) return intConst(up ? 1 : 0);
    if (u->op == UnaryOp::Neg) {
      std::optional<Expr> b = bound(u->a, !up, depth + 1);
      return b ? std::optional<Expr>(neg(*b)) : std::nullopt;
    }
    return std::nullopt;
  }
  if (const Select* s = e.as<Select>()) {
    std::optional<Expr> t = bound(s->ifTrue, up, depth + 1), f = bound(s->ifFalse, up, depth + 1);
    if (!t || !f) return std::nullopt;
    return up ? max(*t, *f) : min(*t, *f);
  }
  const Binary* op = e.as<Binary>();
  if (!op) return std::nullopt;
  auto both = [&](bool upA, bool upB) -> std::optional<std::pair<Expr, Expr>> {
    std::optional<Expr> a = bound(op->a, upA, depth + 1), b = bound(op->b, upB, depth + 1);
    if (!a || !b) return std::nullopt;
    return std::make_pair(*a, *b);
  };
  switch (op->op) {
    case BinaryOp::Add:
      if (auto ab = both(up, up)) return add(ab->first, ab->second);
      return std::nullopt;
    case BinaryOp::Sub:
      if (auto ab = both(up, !up)) return sub(ab->first, ab->second);
      return std::nullopt;
    case BinaryOp::Mul: {
      // By a constant: scaled, the bound's side flipped for a negative one.
      std::optional<int64_t> kb = asIntConst(op->b), ka = asIntConst(op->a);
      const Expr& other = kb ? op->a : op->b;
      std::optional<int64_t> k = kb ? kb : ka;
      if (!k) return std::nullopt;
      std::optional<Expr> b = bound(other, *k >= 0 ? up : !up, depth + 1);
      return b ? std::optional<Expr>(mul(*b, intConst(*k))) : std::nullopt;
    }
    case BinaryOp::Div: {  // floor division by a positive constant is non-decreasing
      std::optional<int64_t> k = asIntConst(op->b);
      if (!k || *k <= 0) return std::nullopt;
      std::optional<Expr> a = bound(op->a, up, depth + 1);
      return a ? std::optional<Expr>(div(*a, op->b)) : std::nullopt;
    }
    case BinaryOp::Min: {
      std::optional<Expr> a = bound(op->a, up, depth + 1), b = bound(op->b, up, depth + 1);
      if (a && b) return min(*a, *b);
      if (up) return a ? a : b;  // min(a, b) ≤ either
      return std::nullopt;
    }
    case BinaryOp::Max: {
      std::optional<Expr> a = bound(op->a, up, depth + 1), b = bound(op->b, up, depth + 1);
      if (a && b) return max(*a, *b);
      if (!up) return a ? a : b;  // max(a, b) ≥ either
      return std::nullopt;
    }
    default: return std::nullopt;
  }
}

}  // namespace aplc::laila
